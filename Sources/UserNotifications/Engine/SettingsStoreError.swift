#if canImport(Glibc)
import Glibc
#endif

/// Why the settings store could not do what was asked. The description names the file (or
/// directory) concerned and says what the user can do; a store that cannot be read is never
/// taken as "default" or "allowed".
package struct SettingsStoreError: Error, CustomStringConvertible, Hashable, Sendable {
    /// What went wrong.
    package enum Reason: Hashable, Sendable {
        /// The app identifier is empty, longer than 255 bytes, or contains `/`, NUL or a
        /// control character; the string says which.
        case invalidAppIdentifier(String, problem: String)
        /// The file is not a settings file this store wrote: not JSON, wrong shape, values out
        /// of range, an invalid app identifier among its keys. The string says what.
        case corrupt(String)
        /// The file has a format version newer than this code reads.
        case futureVersion(Int)
        /// The file exists but cannot be read (`errno`).
        case unreadable(errno: Int32)
        /// The directory, lock or file cannot be created or written: the operation and `errno`.
        case unwritable(operation: String, errno: Int32)
        /// Neither `XDG_STATE_HOME`, `HOME` nor the password database gives a home directory.
        case noStateDirectory
    }

    /// What went wrong.
    package var reason: Reason
    /// The file or directory concerned, when there is one.
    package var path: String?

    /// An error for `reason`, about the file or directory at `path`.
    package init(_ reason: Reason, path: String?) {
        self.reason = reason
        self.path = path
    }

    /// One paragraph for the user: what is wrong, with which file, and what to do.
    package var description: String {
        let file = path ?? "the notification settings"
        switch reason {
        case .invalidAppIdentifier(let identifier, let problem):
            return "invalid app identifier \(identifier.debugDescription): \(problem). An app identifier "
                + "is 1 to 255 bytes of UTF-8 without '/', NUL or control characters."
        case .corrupt(let detail):
            return "the notification settings file \(file) is corrupt (\(detail)). Nothing was read "
                + "from it and no app is treated as allowed. Move it aside (mv \(quoted(file)) "
                + "\(quoted(file + ".broken"))) to start over with every app not determined, then set "
                + "apps again with `unotify settings ID ...`."
        case .futureVersion(let version):
            return "the notification settings file \(file) has format version \(version), newer than "
                + "this unotify reads (\(SettingsFile.currentVersion)): it was written by a newer unotify. "
                + "Use that version, or move the file aside (mv \(quoted(file)) \(quoted(file + ".new"))) "
                + "to start over with every app not determined."
        case .unreadable(let code):
            return "the notification settings file \(file) cannot be read: \(message(code)). Check that "
                + "it is a file you own with mode 0600, or move it aside (mv \(quoted(file)) "
                + "\(quoted(file + ".broken")))."
        case .unwritable(let operation, let code):
            return "cannot write the notification settings at \(file) (\(operation)): \(message(code)). "
                + "Check that the directory is yours and writable (mode 0700) and that the disk is "
                + "not full."
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

    private func quoted(_ path: String) -> String {
        "'" + path.replacingAll("'", with: "'\\''") + "'"
    }
}

extension String {
    /// `self` with every `target` replaced by `replacement` (no Foundation needed).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
