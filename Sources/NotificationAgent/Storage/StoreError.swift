import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// Why one of the agent's stores (settings, pending notifications, categories) could not read
/// or write its file. The description names the file (or directory) and says what the user
/// can do; a file that cannot be read is never taken as empty, "default" or "allowed", and is
/// never overwritten by the store on its own accord.
package struct StoreError: Error, CustomStringConvertible, Hashable, Sendable {
    /// What went wrong.
    package enum Reason: Hashable, Sendable {
        /// The app identifier is empty, longer than 255 bytes, or contains `/`, NUL or a
        /// control character; the string says which.
        case invalidAppIdentifier(String, problem: String)
        /// The file is not one this store wrote: not JSON, wrong shape, values out of range, an
        /// invalid app identifier, a key twice. The string says what and where.
        case corrupt(String)
        /// The file has a format version newer than this code reads.
        case futureVersion(Int)
        /// The file exists but cannot be read (`errno`).
        case unreadable(errno: Int32)
        /// The directory, lock or file cannot be created or written: the operation and `errno`.
        case unwritable(operation: String, errno: Int32)
        /// The file's mode leaves its owner no write permission (`chmod a-w`): the user froze it.
        case readOnly(mode: UInt32)
        /// Another process has held the store's lock file (`path`) for over this many seconds.
        case locked(seconds: Int)
        /// The document cannot be written as JSON; the string says why.
        case unencodable(String)
        /// The database engine failed; the string is its message.
        case database(String)
        /// Neither `XDG_STATE_HOME`, `HOME` nor the password database gives a home directory.
        case noStateDirectory
    }

    /// What went wrong.
    package var reason: Reason
    /// The file or directory concerned, when there is one.
    package var path: String?
    /// Which store's file it is; nil for a file that is none of them (an attachment, a
    /// `.desktop` file), named by its path alone.
    package var kind: StoredDocumentKind?

    /// An error for `reason`, about the file or directory at `path`.
    package init(_ reason: Reason, path: String?, kind: StoredDocumentKind? = nil) {
        self.reason = reason
        self.path = path
        self.kind = kind
    }

    /// This error, said of `kind`'s file.
    func about(_ kind: StoredDocumentKind) -> StoreError {
        StoreError(reason, path: path, kind: kind)
    }

    /// One paragraph for the user: what is wrong, with which file, and what to do.
    package var description: String {
        let noun = kind?.noun ?? "notification settings"
        let file = path ?? "the \(noun)"
        let named = kind.map { "the \($0.noun) file \(file)" } ?? "the file \(file)"
        switch reason {
        case .invalidAppIdentifier(let identifier, let problem):
            return "invalid app identifier \(AgentError.quote(identifier)): \(problem). An app identifier "
                + "is 1 to 255 bytes of UTF-8 without '/', NUL, control or invisible characters."
        case .corrupt(let detail):
            return "\(named) is corrupt (\(detail)). \(kind?.nothingTaken ?? "Nothing was read from it.") "
                + "Move it aside (mv \(quoted(file)) \(quoted(file + ".broken"))) "
                + (kind?.startingOver ?? "and try again") + "."
        case .futureVersion(let version):
            return "\(named) has format version \(version), newer than this unotify reads: it was written by "
                + "a newer unotify. Use that version, or move the file aside (mv \(quoted(file)) "
                + "\(quoted(file + ".new"))) " + (kind?.startingOver ?? "and try again") + "."
        case .unreadable(let code):
            return "\(named) cannot be read: \(message(code)). Check that it is a file you own with mode 0600, "
                + "or move it aside (mv \(quoted(file)) \(quoted(file + ".broken")))."
        case .unwritable(let operation, let code):
            return "cannot write the \(noun) at \(file) (\(operation)): \(message(code)). Check that the directory "
                + "is yours and writable (mode 0700) and that the disk is not full."
        case .readOnly(let mode):
            return "\(named) is read-only (mode \(String(mode, radix: 8))), so it was left as it was and nothing "
                + "was changed. Make it writable (chmod u+w \(quoted(file))) to change it from unotify."
        case .locked(let seconds):
            return "the \(noun) file is locked by another process: \(file) has been held for over \(seconds) s, "
                + "so nothing was changed. Try again; if it stays locked, see which process holds it "
                + "(fuser -v \(quoted(file))): a stuck unotifyd perhaps."
        case .unencodable(let detail):
            return "cannot write the \(noun) to \(file): \(detail). The file was left as it was."
        case .database(let detail):
            return "the \(noun) at \(file) failed: \(detail). Nothing was changed. Check that the directory is "
                + "yours and writable (mode 0700) and that the disk is not full; if it persists, stop every "
                + "unotifyd and app using it and move the store aside (mv \(quoted(file)) \(quoted(file + ".broken")))."
        case .noStateDirectory:
            return "cannot find where to keep the notification settings: XDG_STATE_HOME and HOME are "
                + "not set and the password database has no home directory for this user. Set "
                + "XDG_STATE_HOME to an absolute path."
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
