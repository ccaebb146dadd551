import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Every app's `AppSettings`, kept in one versioned JSON file, `settings.json`, in the user's
/// state directory (`$XDG_STATE_HOME/unotify/`, by default `~/.local/state/unotify/`).
///
/// - The directory is made mode 0700 and the file is written 0600: private to the user.
/// - Writes are atomic (temporary file in the same directory, `fsync`, `rename`): a reader, or
///   the store after a crash, sees the old file or the new one, never a mix.
/// - `update` and `reset` are read-modify-write under an exclusive `flock` on `settings.lock`,
///   taken on a fresh open file description each call: concurrent writers, in this process or
///   others, are serialized and lose no update. Reads take no lock (renames are atomic).
/// - A missing file means "no app has settings"; a corrupt, unreadable or newer-version file
///   is a `SettingsStoreError` that names it. It never reads as default or authorized.
///
/// A value type holding paths and a cache of the file as last read (`SettingsFileCache`, keyed
/// by the file's identity, so that a change by anyone is always seen): cheap to copy and share
/// between threads.
package struct SettingsStore: Sendable {
    /// The store's directory.
    package let directory: URL
    private let cache = SettingsFileCache()

    /// A store keeping its files in `directory` (created 0700 on the first write).
    package init(directory: URL) {
        self.directory = directory
    }

    /// `$XDG_STATE_HOME/unotify` when `XDG_STATE_HOME` is an absolute path, else
    /// `$HOME/.local/state/unotify` (the home directory from the password database when `HOME`
    /// is unset), as the XDG Base Directory specification says.
    package static func defaultDirectory() throws -> URL {
        try defaultDirectory(environment: ProcessInfo.processInfo.environment)
    }

    /// `defaultDirectory()` for the given environment.
    package static func defaultDirectory(environment: [String: String]) throws -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state, isDirectory: true).appendingPathComponent("unotify", isDirectory: true)
        }
        let home: String
        if let variable = environment["HOME"], variable.hasPrefix("/") {
            home = variable
        } else if let fromPasswd = passwordDatabaseHome() {
            home = fromPasswd
        } else {
            throw SettingsStoreError(.noStateDirectory, path: nil)
        }
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/state/unotify", isDirectory: true)
    }

    /// The settings file, `settings.json`.
    package var fileURL: URL { directory.appendingPathComponent("settings.json", isDirectory: false) }

    /// The lock file writers `flock`, `settings.lock`.
    package var lockURL: URL { directory.appendingPathComponent("settings.lock", isDirectory: false) }

    /// The settings of `app`: the stored ones, or `AppSettings()` (not determined) when the app
    /// has none.
    package func settings(for app: String) throws -> AppSettings {
        try AppIdentifier.validate(app)
        return try load().apps[app] ?? AppSettings()
    }

    /// Every app that has stored settings.
    package func allApps() throws -> [String: AppSettings] {
        try load().apps
    }

    /// Reads `app`'s settings, lets `body` change them, and stores the result, all under the
    /// store's exclusive lock; returns what `body` returns. The app is stored even when `body`
    /// changes nothing. When `body` throws, nothing is written and its error is rethrown.
    package func update<T>(_ app: String, _ body: (inout AppSettings) throws -> T) throws -> T {
        try AppIdentifier.validate(app)
        try SettingsFileSystem.makePrivateDirectory(directory.path)
        return try SettingsFileSystem.withExclusiveLock(on: lockURL.path) {
            var file = try load()
            let stored = file.apps[app]
            var settings = stored ?? AppSettings()
            let result = try body(&settings)
            if stored != settings {
                file.apps[app] = settings
                try save(file)
            }
            return result
        }
    }

    /// Forgets `app`'s settings: it is not determined again.
    package func reset(_ app: String) throws {
        try AppIdentifier.validate(app)
        try SettingsFileSystem.makePrivateDirectory(directory.path)
        try SettingsFileSystem.withExclusiveLock(on: lockURL.path) {
            var file = try load()
            if file.apps.removeValue(forKey: app) != nil {
                try save(file)
            }
        }
    }

    /// The file's contents; an empty version-1 file when there is none.
    private func load() throws(SettingsStoreError) -> SettingsFile {
        let path = fileURL.path
        if let file = cache.file(at: path) { return file }
        let before = SettingsFileCache.identity(of: path)
        let file = try decode(path)
        // Kept only when the file did not change while it was read.
        if let before, before == SettingsFileCache.identity(of: path) { cache.remember(file, as: before) }
        return file
    }

    private func decode(_ path: String) throws(SettingsStoreError) -> SettingsFile {
        guard let bytes = try SettingsFileSystem.read(path) else { return SettingsFile() }
        let data = Data(bytes)
        let decoder = JSONDecoder()
        let version: Int?
        do {
            version = try decoder.decode(SettingsFileVersion.self, from: data).version
        } catch {
            throw SettingsStoreError(.corrupt(Self.explain(error)), path: path)
        }
        guard let version else {
            throw SettingsStoreError(.corrupt("it has no format \"version\""), path: path)
        }
        if version > SettingsFile.currentVersion {
            throw SettingsStoreError(.futureVersion(version), path: path)
        }
        guard version == SettingsFile.currentVersion else {
            throw SettingsStoreError(.corrupt("unknown format version \(version)"), path: path)
        }
        let file: SettingsFile
        do {
            file = try decoder.decode(SettingsFile.self, from: data)
        } catch {
            throw SettingsStoreError(.corrupt(Self.explain(error)), path: path)
        }
        for app in file.apps.keys {
            if let problem = AppIdentifier.problem(with: app) {
                throw SettingsStoreError(.corrupt("invalid app identifier \(app.debugDescription): \(problem)"), path: path)
            }
        }
        return file
    }

    private func save(_ file: SettingsFile) throws(SettingsStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(file)
        } catch {
            throw SettingsStoreError(.corrupt("cannot encode: \(error)"), path: fileURL.path)
        }
        try SettingsFileSystem.writeAtomically(Array(data) + [0x0A], to: fileURL.path, in: directory.path)
    }

    /// A decoding error as one line: what was wrong, and where (`apps.<id>.alert`).
    private static func explain(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "not valid JSON" }
        let (context, what): (DecodingError.Context, String)
        switch decoding {
        case .typeMismatch(_, let c): (context, what) = (c, "wrong type")
        case .valueNotFound(_, let c): (context, what) = (c, "missing value")
        case .keyNotFound(let key, let c): (context, what) = (c, "missing \"\(key.stringValue)\"")
        case .dataCorrupted(let c): (context, what) = (c, c.codingPath.isEmpty ? "not valid JSON" : "invalid value")
        @unknown default: return "cannot decode"
        }
        let location = context.codingPath.map(\.stringValue).joined(separator: ".")
        return location.isEmpty ? what : "\(what) at \(location)"
    }

    private static func passwordDatabaseHome() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        let status = getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result)
        guard status == 0, result != nil, let directory = entry.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.hasPrefix("/") ? home : nil
    }
}
