import Foundation
import Glibc

/// Stops exactly what a desktop's `pids` file records, each with its process group (what it
/// forked), and removes its files: SIGTERM, up to `DESKTOP_DOWN_GRACE` seconds (default 3),
/// then SIGKILL. A recorded PID that now belongs to another process is left alone.
public enum DesktopTeardown {
    /// Returns a line saying what was stopped; throws when something survived SIGKILL.
    public static func run(stateDirectory: String, environment: [String: String]) throws -> String {
        guard FileManager.default.fileExists(atPath: stateDirectory) else {
            return "test-desktop down: no such directory \(stateDirectory)"
        }
        let state = URL(fileURLWithPath: stateDirectory).standardizedFileURL.path
        let grace = Double(environment["DESKTOP_DOWN_GRACE"] ?? "") ?? 3
        defer { removeFiles(state) }
        // try?: no pids file: nothing was started here
        guard let pids = try? String(contentsOfFile: "\(state)/pids", encoding: .utf8) else {
            return "test-desktop down: nothing recorded in \(state)"
        }
        var groups: [pid_t] = []
        var names: [String] = []
        for line in pids.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard let first = parts.first, let tag = ProcessTag(text: first) else { continue }
            let name = parts.count > 1 ? String(parts[1]) : "?"
            if tag.isAlive {
                groups.insert(tag.pid, at: 0)
                names.insert(name, at: 0)
            } else if ProcessTag.isAlive(tag.pid) {
                continue  // the PID now belongs to another process: the one started is gone
            } else if !ProcStat.members(ofGroups: [tag.pid]).isEmpty {
                groups.insert(tag.pid, at: 0)
                names.insert("\(name)(orphans)", at: 0)
            }
        }
        let summary =
            "test-desktop down: stopped \(names.isEmpty ? "nothing" : names.joined(separator: " ")) in \(state)"
        guard !groups.isEmpty else { return summary }
        signal(groups, SIGTERM)
        if !waitForNone(of: groups, seconds: grace) {
            let left = ProcStat.members(ofGroups: Set(groups))
            FileHandle.standardError.write(Data("test-desktop down: SIGKILL to \(left)\n".utf8))
            signal(groups, SIGKILL)
            if !waitForNone(of: groups, seconds: 2) {
                throw HarnessError("test-desktop down: could not stop: \(ProcStat.members(ofGroups: Set(groups)))")
            }
        }
        return summary
    }

    private static func signal(_ groups: [pid_t], _ signal: Int32) {
        for group in groups where kill(-group, signal) != 0 { kill(group, signal) }
    }

    /// Waits (polling /proc, bounded) until no process of `groups` is left.
    private static func waitForNone(of groups: [pid_t], seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !ProcStat.members(ofGroups: Set(groups)).isEmpty {
            guard Date() < deadline else { return false }
            usleep(50_000)
        }
        return true
    }

    /// The desktop's bookkeeping and sockets; the logs and configs stay for a look afterwards.
    static func removeFiles(_ state: String) {
        let files = FileManager.default
        for (record, prefix) in [("sockdir", "/tmp/unotify-desktop."), ("swaydir", "/tmp/unotify-sway.")] {
            // try?: no record: no directory to remove
            guard let text = try? String(contentsOfFile: "\(state)/\(record)", encoding: .utf8) else { continue }
            let directory = text.trimmingCharacters(in: .whitespacesAndNewlines)
            // try?: a directory already gone is what was wanted
            if directory.hasPrefix(prefix) { try? files.removeItem(atPath: directory) }
        }
        for name in ["env", "env.plain", "env.tmp", "pids", "sockdir", "swaydir", "bus", "pulse.sock"] {
            // try?: each may not exist
            try? files.removeItem(atPath: "\(state)/\(name)")
        }
    }
}
