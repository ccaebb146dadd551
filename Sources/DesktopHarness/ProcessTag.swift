import Glibc

/// One process instance, "PID:STARTTIME" (the start time from `/proc/PID/stat` guards against a
/// reused PID). A zombie counts as dead: PID 1 may reap orphans only every few seconds.
struct ProcessTag: Hashable, Sendable, CustomStringConvertible {
    let pid: pid_t
    let startTime: String

    var description: String { "\(pid):\(startTime)" }

    /// The running process `pid`, or nil when there is none (or only its zombie).
    init?(pid: pid_t) {
        guard let fields = ProcStat(pid: pid), fields.state != "Z" else { return nil }
        self.pid = pid
        startTime = fields.startTime
    }

    /// A tag as written in the pids file.
    init?(text: Substring) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let pid = pid_t(parts[0]) else { return nil }
        self.pid = pid
        startTime = String(parts[1])
    }

    /// Whether this very process still runs.
    var isAlive: Bool { ProcessTag(pid: pid) == self }

    static func isAlive(_ pid: pid_t) -> Bool { ProcessTag(pid: pid) != nil }
}
