import Foundation
import Glibc

/// The fields of `/proc/PID/stat` the harness reads: state, process group, start time.
struct ProcStat: Sendable {
    let state: String
    let processGroup: pid_t
    let startTime: String

    init?(pid: pid_t) {
        // try?: no stat file: no such process
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
        self.init(statLine: text)
    }

    /// Parses a stat line; the command name (field 2) may hold spaces and parentheses, so the
    /// fields are counted after its last ')'.
    init?(statLine: String) {
        guard let close = statLine.lastIndex(of: ")") else { return nil }
        let fields = statLine[statLine.index(after: close)...].split(separator: " ")
        // fields[0] = state (field 3), [2] = pgrp (5), [19] = starttime (22)
        guard fields.count > 19, let group = pid_t(fields[2]) else { return nil }
        state = String(fields[0])
        processGroup = group
        startTime = String(fields[19])
    }

    /// The live processes whose process group is one of `groups`.
    static func members(ofGroups groups: Set<pid_t>) -> [pid_t] {
        // try?: an unreadable /proc lists no process, and the caller sees nothing left to stop
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry), let stat = ProcStat(pid: pid), stat.state != "Z",
                groups.contains(stat.processGroup)
            else { return nil }
            return pid
        }
    }
}
