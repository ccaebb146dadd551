import Foundation

/// An app's localized strings for push payloads: its `Localizable.strings`, in the simple
/// `"key" = "value";` form (with `/* */` and `//` comments and `\"`, `\\`, `\n`, `\t` escapes).
///
/// Looked up first in `$XDG_DATA_HOME/unotify/apps/<app>/Localizable.strings` (default
/// `~/.local/share`), then in each `<dir>/unotify/apps/<app>/Localizable.strings` of
/// `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`); the first file found is used.
package struct AppStringsTable: Sendable, Equatable {
    package var entries: [String: String]

    package init(entries: [String: String] = [:]) {
        self.entries = entries
    }

    /// The value for `key`, if the table has one.
    package func value(forKey key: String) -> String? {
        entries[key]
    }

    /// The table of `app`, found as documented above; empty when there is none or it cannot be read.
    package static func load(app: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> AppStringsTable
    {
        for path in candidatePaths(app: app, environment: environment) {
            // Only a regular file of at most 1 MiB, read without blocking.
            // try?: no readable strings file: the next candidate, then the key itself, as Apple does
            guard let bytes = try? PrivateFileSystem.read(path, limit: 1 << 20) else { continue }
            return AppStringsTable(entries: parse(String(decoding: bytes, as: UTF8.self)))
        }
        return AppStringsTable()
    }

    /// Where `load` looks, in order.
    package static func candidatePaths(app: String, environment: [String: String]) -> [String] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return ([dataHome] + dataDirs).map { $0 + "/unotify/apps/" + app + "/Localizable.strings" }
    }

    /// The `"key" = "value";` pairs of `text`; anything else is skipped.
    package static func parse(_ text: String) -> [String: String] {
        var scanner = StringsScanner(text)
        var entries: [String: String] = [:]
        while let key = scanner.nextQuoted() {
            guard scanner.skip("="), let value = scanner.nextQuoted() else { continue }
            _ = scanner.skip(";")
            entries[key] = value
        }
        return entries
    }
}
