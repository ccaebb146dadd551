import CSpawn
import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// A child process of `unotify capture` (the bus daemon, the agent, the command), in a process
/// group of its own so that what it starts is stopped with it.
package struct CaptureProcess: Sendable {
    package let pid: pid_t
    /// What it was started as, for messages.
    package let name: String

    /// Starts `arguments[0]` (searched on `PATH` when it has no `/`) with `environment`; with
    /// `output`, its standard output is that descriptor. It inherits no other descriptor of this
    /// process unless `inheritsDescriptors` (the user's command, which is given what its caller
    /// gave `unotify capture`, as `dbus-run-session` does). Throws, with status 127, when the
    /// program cannot be found or run.
    package init(
        _ arguments: [String], environment: [String: String], output: Int32? = nil, inheritsDescriptors: Bool = false
    ) throws(CaptureError) {
        name = arguments.first ?? ""
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        let signalFlags = AgentLauncher.resetSignals(&attributes)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, signalFlags | Int16(POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let output { posix_spawn_file_actions_adddup2(&actions, output, 1) }
        if !inheritsDescriptors {
            let closing = unotify_spawn_close_from(&actions, 3)
            guard closing == 0 else { throw CaptureError("\(name): \(String(cString: strerror(closing)))") }
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, name, &actions, &attributes, argv, envp)
        guard result == 0 else {
            let why = result == ENOENT ? "not found" : String(cString: strerror(result))
            throw CaptureError("\(name): \(why)")
        }
        self.pid = pid
    }

    /// Its exit status once it has exited (128 + the signal that ended it), waiting at most
    /// `deadline`; `nil` when it still runs then, or when the waiting task is cancelled.
    package func wait(deadline: Duration) async -> Int32? {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return Self.exitStatus(status) }
            if result < 0 { return 255 }  // not our child any more: nothing to wait for
            guard clock.now < end, !Task.isCancelled else { return nil }
            // try?: a cancelled wait goes round once more and ends at its deadline
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Stops it and its process group: SIGTERM, then SIGKILL if it still runs after `grace`;
    /// reaps it. Returns what was done, for a message.
    @discardableResult
    package func stop(grace: Duration = .seconds(3)) async -> String {
        kill(-pid, SIGTERM)
        if await wait(deadline: grace) != nil {
            kill(-pid, SIGKILL)  // what it started and left behind
            return "stopped"
        }
        kill(-pid, SIGKILL)
        _ = await wait(deadline: .seconds(2))
        return "killed (it ignored SIGTERM for \(grace))"
    }

    /// Ends what the process left running in its group (after it exited itself).
    package func stopGroup() {
        kill(-pid, SIGTERM)
        kill(-pid, SIGKILL)
    }

    private static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
