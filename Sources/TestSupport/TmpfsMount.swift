import Foundation

/// A small tmpfs mounted on a new temporary directory, for tests of a full disk or a read-only
/// state directory. Needs root (CI runs as root); without it, creating one throws, and the test
/// fails rather than skipping.
public final class TmpfsMount: @unchecked Sendable {
    public let url: URL
    public var path: String { url.path }

    /// Mounts a tmpfs of `kilobytes` KiB, read-only when `readOnly`.
    public init(kilobytes: Int, readOnly: Bool = false) throws {
        guard getuid() == 0 else {
            throw TestSupportError("mounting a tmpfs needs root (scripts/test runs as root, as CI does)")
        }
        url = FileManager.default.temporaryDirectory.appendingPathComponent("unotify-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let options = "size=\(kilobytes)k,mode=0700" + (readOnly ? ",ro" : "")
        try Self.run("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", url.path])
    }

    /// Fills the file system until writing fails with "no space left"; returns the path of the
    /// file that fills it (remove it to make room again).
    @discardableResult
    public func fill() throws -> String {
        let file = url.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        // try?: a close error after filling a scratch file loses nothing
        defer { try? handle.close() }
        let chunk = Data(repeating: 0, count: 4096)
        // try?: writing until it fails is the point: the file system is full
        while (try? handle.write(contentsOf: chunk)) != nil {}
        return file.path
    }

    /// Remounts it read-only or read-write.
    public func remount(readOnly: Bool) throws {
        try Self.run("/bin/mount", ["-o", "remount," + (readOnly ? "ro" : "rw"), url.path])
    }

    public func unmount() {
        // try?: a mount left behind is lazily unmounted; it holds only test data
        try? Self.run("/bin/umount", ["-l", url.path])
        // try?: a mount point left behind is removed with the system's /tmp
        try? FileManager.default.removeItem(at: url)
    }

    deinit { unmount() }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let child = try ChildProcess(tool, arguments)
        let status = try child.waitBlocking(timeout: 10)
        guard status == 0 else {
            throw TestSupportError(
                "\(tool) \(arguments.joined(separator: " ")) failed (\(status)): \(child.standardError)")
        }
    }
}
