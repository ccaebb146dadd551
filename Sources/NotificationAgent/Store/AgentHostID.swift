import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One process's identity as a host of the agent, unique across reboots and reused process
/// ids: `BOOT-PID-START` (the first 8 characters of the kernel's boot id, the process id, and
/// the process's start time in clock ticks since boot, from `/proc/PID/stat`).
package struct AgentHostID: Hashable, Sendable, CustomStringConvertible {
    /// The boot it ran in.
    package let boot: String
    /// Its process id.
    package let processID: Int32
    /// When it started, in clock ticks since boot.
    package let startTime: UInt64

    /// This process.
    package static func current() -> AgentHostID? {
        let pid = getpid()
        guard let start = startTime(of: pid) else { return nil }
        return AgentHostID(boot: currentBoot, processID: pid, startTime: start)
    }

    /// The identity written as `description`, or nil.
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 8, parts[0].allSatisfy(\.isHexDigit),
            let pid = Int32(parts[1]), pid > 0, let start = UInt64(parts[2])
        else { return nil }
        self.init(boot: String(parts[0]), processID: pid, startTime: start)
    }

    init(boot: String, processID: Int32, startTime: UInt64) {
        self.boot = boot
        self.processID = processID
        self.startTime = startTime
    }

    package var description: String { "\(boot)-\(processID)-\(startTime)" }

    /// Whether the process still runs: same boot, and a process with this id that started at
    /// the same tick (not a later process that reuses the id).
    package var isRunning: Bool {
        boot == Self.currentBoot && Self.startTime(of: processID) == startTime
    }

    /// The first 8 characters of `/proc/sys/kernel/random/boot_id`.
    static let currentBoot: String = {
        // try?: without /proc the boot is unknown, and every host is taken as of this boot
        let bytes = (try? PrivateFileSystem.read("/proc/sys/kernel/random/boot_id", limit: 4096)) ?? nil
        let text = String(decoding: bytes ?? [], as: UTF8.self).filter(\.isHexDigit)
        return text.count >= 8 ? String(text.prefix(8)) : "00000000"
    }()

    /// Field 22 of `/proc/PID/stat`: the process's start time; nil when it does not run (no
    /// such process, or one that has exited and waits to be reaped: a zombie).
    static func startTime(of pid: Int32) -> UInt64? {
        // try?: a process that cannot be read is taken as gone
        guard let bytes = (try? PrivateFileSystem.read("/proc/\(pid)/stat", limit: 8192)) ?? nil else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        // The command name (field 2) is in parentheses and may hold spaces: count after its end.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state); field 22 is fields[19].
        guard fields.count > 19, fields[0] != "Z", fields[0] != "X" else { return nil }
        return UInt64(fields[19])
    }
}
