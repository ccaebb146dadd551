#if canImport(Glibc)
import Glibc
#endif

/// Why `PendingStore` could not read or write the pending notifications. The description names
/// the file (or directory) and says what the user can do; a file that cannot be read is never
/// taken as "nothing pending" and never overwritten by the store's own accord.
package struct PendingStoreError: Error, CustomStringConvertible, Hashable, Sendable {
    /// What went wrong.
    package enum Reason: Hashable, Sendable {
        /// The file is not one this store wrote: not JSON, wrong shape, an invalid trigger or
        /// date, a key twice. The string says what and where.
        case corrupt(String)
        /// The file has a format version newer than this code reads.
        case futureVersion(Int)
        /// The file exists but cannot be read (`errno`).
        case unreadable(errno: Int32)
        /// The directory or file cannot be created or written: the operation and `errno`.
        case unwritable(operation: String, errno: Int32)
        /// A pending notification cannot be written as JSON; the string says why.
        case unencodable(String)
    }

    /// What went wrong.
    package var reason: Reason
    /// The file or directory concerned.
    package var path: String

    /// An error for `reason` about `path`.
    package init(_ reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    /// What went wrong, naming the file, and what to do.
    package var description: String {
        switch reason {
        case .corrupt(let detail):
            return "the pending notifications file \(path) is corrupt (\(detail)). Nothing was scheduled "
                + "from it and it was left as it is. Move it aside (mv \(quoted(path)) \(quoted(path + ".broken"))) "
                + "to start with no pending notifications; apps must then schedule theirs again."
        case .futureVersion(let version):
            return "the pending notifications file \(path) has format version \(version), newer than this "
                + "unotifyd reads (\(PendingFile.currentVersion)): it was written by a newer unotify. Use that "
                + "version, or move the file aside (mv \(quoted(path)) \(quoted(path + ".new"))) to start with "
                + "no pending notifications."
        case .unreadable(let code):
            return "the pending notifications file \(path) cannot be read: \(message(code)). Check that it is "
                + "a file you own with mode 0600, or move it aside (mv \(quoted(path)) \(quoted(path + ".broken")))."
        case .unwritable(let operation, let code):
            return "cannot write the pending notifications at \(path) (\(operation)): \(message(code)). Check "
                + "that the directory is yours and writable (mode 0700) and that the disk is not full."
        case .unencodable(let detail):
            return "cannot write the pending notifications to \(path): \(detail). The file was left as it was."
        }
    }

    private func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }

    /// `path` quoted for a POSIX shell.
    private func quoted(_ path: String) -> String {
        var result = "'"
        for character in path {
            if character == "'" { result += "'\\''" } else { result.append(character) }
        }
        return result + "'"
    }
}
