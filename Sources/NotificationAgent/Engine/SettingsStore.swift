import NotificationAgentClient
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
///   is a `StoreError` that names it. It never reads as default or authorized.
///
/// The file itself is a ``DocumentFile`` of ``SettingsFile``, as the other stores' are.
///
/// A value type holding paths and a cache of the file as last read (`SettingsFileCache`, keyed
/// by the file's identity, so that a change by anyone is always seen): cheap to copy and share
/// between threads.
package struct SettingsStore: Sendable {
    /// The store's directory.
    package let directory: URL
    private let file: DocumentFile<SettingsFile>
    private let cache = SettingsFileCache()

    /// A store keeping its files in `directory` (created 0700 on the first write).
    package init(directory: URL) {
        self.directory = directory
        file = DocumentFile(directory: directory, prettyPrinted: true)
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
            throw StoreError(.noStateDirectory, path: nil)
        }
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/state/unotify", isDirectory: true)
    }

    /// The settings file, `settings.json`.
    package var fileURL: URL { file.url }

    /// The lock file writers `flock`, `settings.lock`.
    package var lockURL: URL { file.lockURL }

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
        return try file.update { file in
            var settings = file.apps[app] ?? AppSettings()
            let result = try body(&settings)
            file.apps[app] = settings
            return result
        }
    }

    /// Forgets `app`'s settings: it is not determined again.
    package func reset(_ app: String) throws {
        try AppIdentifier.validate(app)
        try file.update { file in file.apps[app] = nil }
    }

    /// The file's contents; an empty version-1 file when there is none.
    private func load() throws(StoreError) -> SettingsFile {
        let path = fileURL.path
        if let file = cache.file(at: path) { return file }
        let before = SettingsFileCache.identity(of: path)
        let loaded = try file.load()
        // Kept only when the file did not change while it was read.
        if let before, before == SettingsFileCache.identity(of: path) { cache.remember(loaded, as: before) }
        return loaded
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
