/// The pending store's file operations: the settings store's (`SettingsFileSystem`: read whole,
/// atomic replace, private directory), with its errors told in the pending store's words.
enum PendingFileSystem {
    static func read(_ path: String) throws(PendingStoreError) -> [UInt8]? {
        do {
            return try SettingsFileSystem.read(path)
        } catch {
            throw translate(error, path: path)
        }
    }

    static func writeAtomically(_ bytes: [UInt8], to path: String, in directory: String, temporaryPrefix: String)
        throws(PendingStoreError)
    {
        do {
            try SettingsFileSystem.writeAtomically(bytes, to: path, in: directory, temporaryPrefix: temporaryPrefix)
        } catch {
            throw translate(error, path: path)
        }
    }

    static func makePrivateDirectory(_ directory: String) throws(PendingStoreError) {
        do {
            try SettingsFileSystem.makePrivateDirectory(directory)
        } catch {
            throw translate(error, path: directory)
        }
    }

    private static func translate(_ error: SettingsStoreError, path: String) -> PendingStoreError {
        switch error.reason {
        case .unreadable(let code): PendingStoreError(.unreadable(errno: code), path: error.path ?? path)
        case .unwritable(let operation, let code):
            PendingStoreError(.unwritable(operation: operation, errno: code), path: error.path ?? path)
        case .corrupt(let detail): PendingStoreError(.corrupt(detail), path: error.path ?? path)
        default: PendingStoreError(.corrupt(error.description), path: error.path ?? path)
        }
    }
}
