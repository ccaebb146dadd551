#if canImport(Glibc)
    import Glibc
#endif

extension AgentLauncher {
    /// Ends an agent this process spawned that never took its name: SIGTERM to its process
    /// group (it leads its own session), then SIGKILL if it still runs 2 s later; waits at most
    /// 1 s more. Returns what was done, in words that follow "unotify".
    static func stop(spawned pid: pid_t) async -> String {
        // The spawned agent leads its session and group; signal the group only when that still holds.
        let target = getpgid(pid) == pid ? -pid : pid
        kill(target, SIGTERM)
        if await waitUntilGone(pid, milliseconds: 2000) { return "stopped it (SIGTERM, process \(pid))" }
        kill(target, SIGKILL)
        if await waitUntilGone(pid, milliseconds: 1000) {
            return "stopped it (SIGKILL, process \(pid) ignored SIGTERM)"
        }
        return "could not stop it (process \(pid) still runs after SIGKILL)"
    }

    /// Whether `pid` stopped running within `milliseconds`, polling every 20 ms.
    private static func waitUntilGone(_ pid: pid_t, milliseconds: Int) async -> Bool {
        for _ in 0..<(milliseconds / 20) {
            guard isRunning(pid) else { return true }
            // try?: cancelled: the loop ends at its bound and reports whether the process is still running
            try? await Task.sleep(for: .milliseconds(20))
        }
        return !isRunning(pid)
    }
}
