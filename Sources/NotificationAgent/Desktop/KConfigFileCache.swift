import Foundation

/// KConfig files as last read, each with the identity of the file it came from (device, inode,
/// size, modification time to the nanosecond): a read whose `stat` matches is answered from
/// memory. KDE rewrites its files by a rename and `kwriteconfig5`, a text editor or this agent
/// change the size or the time, so a change made anywhere is seen by the next read, without
/// polling and without a watch.
final class KConfigFileCache: @unchecked Sendable {
    /// The largest file read: 4 MiB (a `plasmanotifyrc` of 10 000 apps is about 600 KiB).
    static let limit = 4 << 20

    private let lock = NSLock()
    private var documents:
        [String: (identity: SettingsFileCache.Identity, result: Result<KConfigDocument, StoreError>)] =
            [:]

    /// The file at `path`, parsed; `nil` when there is none.
    ///
    /// - Throws: `StoreError` when it cannot be read, is not a regular file, is larger than
    ///   `limit`, or is not a KConfig file (`.corrupt`, with the line).
    func document(at path: String) throws(StoreError) -> KConfigDocument? {
        let before = SettingsFileCache.identity(of: path)
        if let before, let cached = lock.withLock({ documents[path] }), cached.identity == before {
            return try cached.result.get()
        }
        guard let bytes = try PrivateFileSystem.read(path, limit: Self.limit) else { return nil }
        let result: Result<KConfigDocument, StoreError>
        do {
            result = .success(try KConfigDocument(bytes: bytes))
        } catch {
            result = .failure(StoreError(.corrupt("not a KConfig file: \(error)"), path: path))
        }
        if let before, before == SettingsFileCache.identity(of: path) {
            lock.withLock { documents[path] = (before, result) }
        }
        return try result.get()
    }
}
