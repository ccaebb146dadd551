import Foundation
import NotificationAgentClient

/// Each app's notification categories, persisted next to the settings:
/// `categories.json` (`{"version": 1, "apps": {id: [category…]}}`), 0600, written atomically.
struct CategoryStore: Sendable {
    let directory: URL

    private var path: String { directory.appendingPathComponent("categories.json").path }

    private struct File: Codable {
        var version = 1
        var apps: [String: [CategoryRecord]] = [:]
    }

    func categories(for app: String) throws -> [CategoryRecord] {
        try read().apps[app] ?? []
    }

    func set(_ categories: [CategoryRecord], for app: String) throws {
        try SettingsFileSystem.makePrivateDirectory(directory.path)
        try SettingsFileSystem.withExclusiveLock(on: directory.appendingPathComponent("categories.lock").path) {
            var file = try read()
            file.apps[app] = categories.isEmpty ? nil : categories
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try SettingsFileSystem.writeAtomically(Array(try encoder.encode(file)), to: path, in: directory.path)
        }
    }

    private func read() throws -> File {
        guard let bytes = try SettingsFileSystem.read(path) else { return File() }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: Data(bytes))
        } catch {
            throw AgentError(.settings, "the categories file \(path) is corrupt (\(error)); move it aside and set the "
                + "categories again (unotify categories --app ID --set FILE)")
        }
        guard file.version == 1 else {
            throw AgentError(.settings, "the categories file \(path) has version \(file.version), newer than this "
                + "unotifyd reads; update unotify")
        }
        return file
    }
}
