import Foundation

/// The name to show for an app: `Name=` of its `.desktop` file when one is installed, else the
/// last part of its identifier (`org.example.Mail` → `Mail`).
package enum AppDisplayName {
    package static func name(for app: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        for directory in applicationDirectories(environment) {
            let file = URL(fileURLWithPath: directory).appendingPathComponent("\(app).desktop")
            // Only a regular file of at most 256 KiB, read without blocking.
            guard let bytes = try? PrivateFileSystem.read(file.path, limit: 256 << 10) else { continue }
            if let name = desktopEntryName(String(decoding: bytes, as: UTF8.self)) { return name }
        }
        return app.split(separator: ".").last.map(String.init) ?? app
    }

    /// The desktop-entry id for the `desktop-entry` hint, when the app has a `.desktop` file.
    package static func desktopEntry(
        for app: String, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> String?
    {
        applicationDirectories(environment).contains {
            FileManager.default.fileExists(
                atPath: URL(fileURLWithPath: $0).appendingPathComponent("\(app).desktop").path)
        } ? app : nil
    }

    private static func applicationDirectories(_ environment: [String: String]) -> [String] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        return ([dataHome] + dataDirs.split(separator: ":").map(String.init)).map { $0 + "/applications" }
    }

    /// The unlocalized `Name=` of the `[Desktop Entry]` group.
    static func desktopEntryName(_ text: String) -> String? {
        var inEntry = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                inEntry = trimmed == "[Desktop Entry]"
            } else if inEntry, trimmed.hasPrefix("Name=") {
                let name = String(trimmed.dropFirst(5)).trimmingCharacters(in: .whitespaces)
                return name.isEmpty ? nil : name
            }
        }
        return nil
    }
}
