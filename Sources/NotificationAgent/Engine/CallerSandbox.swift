import CGio
import Foundation
import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a caller runs inside a Flatpak sandbox, and as which app, read the way
/// xdg-desktop-portal reads it: `.flatpak-info` at the root of the calling process's filesystem
/// (`/proc/PID/root/.flatpak-info`), its `[Application]` `name` (or `[Runtime]` `name`).
///
/// Behind Flatpak's bus proxy the process that owns the caller's connection is the proxy, which
/// flatpak starts in a sandbox of its own with the same `.flatpak-info`: so the pid the bus
/// gives names the app. A process that has no such file is not sandboxed; one whose file cannot
/// be read, or names no valid app, is refused rather than trusted.
package enum CallerSandbox: Equatable, Sendable {
    /// An ordinary process of the user: it may act for any app.
    case none
    /// A Flatpak app: it may act only for `app`.
    case flatpak(app: String)

    /// The sandbox of process `pid`, read under `proc` (`/proc`).
    ///
    /// - Throws: an `AgentError` `.notAllowed` when the process is gone or its `.flatpak-info`
    ///   exists but cannot be read or names no valid app.
    package static func of(processID pid: UInt32, proc: String = "/proc") throws -> CallerSandbox {
        let root = open("\(proc)/\(pid)/root", O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK)
        guard root >= 0 else { throw refusal(pid, "its root cannot be opened: \(String(cString: strerror(errno)))") }
        defer { close(root) }
        let info = openat(root, ".flatpak-info", O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        if info < 0 {
            let code = errno
            if code == ENOENT { return .none }
            throw refusal(pid, "its /.flatpak-info cannot be read: \(String(cString: strerror(code)))")
        }
        defer { close(info) }
        var status = stat()
        guard fstat(info, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw refusal(pid, "its /.flatpak-info is not a regular file")
        }
        var bytes = [UInt8](repeating: 0, count: 64 << 10)
        let count = read(info, &bytes, bytes.count)
        guard count >= 0 else { throw refusal(pid, "its /.flatpak-info cannot be read") }
        guard let app = appName(inFlatpakInfo: Array(bytes[..<count])) else {
            throw refusal(pid, "its /.flatpak-info names no valid app")
        }
        return .flatpak(app: app)
    }

    /// The app a `.flatpak-info` key file names: `[Runtime]` `name` when that group exists (a
    /// runtime run on its own), else `[Application]` `name`; `nil` when there is none or it is
    /// no valid Flatpak app id.
    package static func appName(inFlatpakInfo bytes: [UInt8]) -> String? {
        guard let keyFile = g_key_file_new() else { return nil }
        defer { g_key_file_unref(keyFile) }
        let loaded = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                g_key_file_load_from_data(keyFile, $0.baseAddress, gsize($0.count), 0, nil)
            }
        }
        guard loaded != 0 else { return nil }
        let group = g_key_file_has_group(keyFile, "Runtime") != 0 ? "Runtime" : "Application"
        guard let pointer = g_key_file_get_string(keyFile, group, "name", nil) else { return nil }
        defer { g_free(pointer) }
        guard let name = String(validatingCString: pointer), isValidFlatpakID(name) else { return nil }
        return name
    }

    /// Flatpak's rule for an app id, as the portal checks it: at most 255 bytes, two or more
    /// dot-separated elements, each of ASCII letters, digits, `_` and `-`, none empty or
    /// starting with a digit.
    package static func isValidFlatpakID(_ name: String) -> Bool {
        let elements = name.split(separator: ".", omittingEmptySubsequences: false)
        guard name.utf8.count <= 255, elements.count >= 2 else { return false }
        return elements.allSatisfy { element in
            guard let first = element.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return element.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                    || $0 == "-"
            }
        }
    }

    private static func refusal(_ pid: UInt32, _ why: String) -> AgentError {
        AgentError(.notAllowed, "cannot tell which app the caller (process \(pid)) is: \(why)")
    }
}
