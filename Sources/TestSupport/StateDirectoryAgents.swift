import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The `unotifyd` processes that keep their state in a given directory (their `XDG_STATE_HOME`
/// is it or lies inside it), found in `/proc`: the agents that `unotify` started for a test, in
/// a session of their own, which no test holds a handle to.
///
/// A test's directory is removed only once these are gone: an agent still running writes its
/// `delivered.json` again when a notification closes or when it stops, and would make the
/// directory anew after its removal.
public enum StateDirectoryAgents {
    /// The processes, other than this one, whose `XDG_STATE_HOME` is `directory` or inside it.
    public static func find(using directory: String) -> [pid_t] {
        // try?: an unreadable /proc lists no process; the directory's removal then proceeds as before
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let own = getpid()
        return entries.compactMap { pid_t($0) }.filter { pid in
            pid != own && command(of: pid) == "unotifyd" && isRunning(pid)
                && stateHome(of: pid).map { $0 == directory || $0.hasPrefix(directory + "/") } == true
        }
    }

    /// Stops every agent that uses `directory` and waits (bounded, blocking: this runs in a
    /// `deinit`) until each has exited: SIGTERM, and SIGKILL to one still running after `grace`
    /// seconds. Returns the agents that were still running after SIGKILL.
    @discardableResult
    public static func stop(using directory: String, grace: TimeInterval = 5) -> [pid_t] {
        let agents = find(using: directory)
        guard !agents.isEmpty else { return [] }
        for pid in agents { kill(pid, SIGTERM) }
        if waitUntilGone(agents, timeout: grace) { return [] }
        for pid in agents where isRunning(pid) { kill(pid, SIGKILL) }
        _ = waitUntilGone(agents, timeout: 5)
        return agents.filter(isRunning)
    }

    /// Whether every one of `pids` has exited within `timeout`, polling `/proc` every 2 ms.
    private static func waitUntilGone(_ pids: [pid_t], timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while pids.contains(where: isRunning) {
            guard Date() < deadline else { return false }
            usleep(2_000)
        }
        return true
    }

    /// Whether `pid` runs: it exists and is no zombie (a child of this process that exited
    /// stays one until its ``ChildProcess`` reaps it, and writes nothing more). A process whose
    /// main thread is a zombie while its other threads are still being torn down (one in the
    /// middle of an `fsync`, say) still runs: it cannot be reaped yet.
    private static func isRunning(_ pid: pid_t) -> Bool {
        // try?: no stat file: the process is gone
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        guard stat[close...].hasPrefix(") Z") else { return true }
        // try?: no task folder: the process is gone
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return threads.count > 1
    }

    /// The process's command name (`/proc/PID/comm`), or nil when it is gone.
    private static func command(of pid: pid_t) -> String? {
        // try?: no comm file: the process is gone
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The process's `XDG_STATE_HOME`, or nil when it has none or its environment cannot be read.
    private static func stateHome(of pid: pid_t) -> String? {
        // try?: an environment that cannot be read (the process is gone, or another user's) names no directory
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/environ") else { return nil }
        defer { file.closeFile() }
        // try?: the same: a process gone meanwhile names no directory
        guard let data = try? file.readToEnd() else { return nil }
        let prefix = "XDG_STATE_HOME="
        for entry in data.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            if text.hasPrefix(prefix) { return String(text.dropFirst(prefix.count)) }
        }
        return nil
    }
}
