import CSpawn
import DBus

#if canImport(Glibc)
    import Glibc
#endif

/// Starts `unotifyd` when nobody owns its name: by D-Bus activation when its `.service` file is
/// installed (`unotifyd --install`), otherwise by spawning the binary, detached, so that it
/// outlives the caller. A spawned agent's standard error goes to `unotifyd.log` in the state
/// directory; when the agent exits before it takes its name, the error quotes what it wrote.
///
/// The binary is `$UNOTIFY_AGENT` when set, else `unotifyd` next to the running executable,
/// else the first `unotifyd` on `PATH`.
///
/// A caller that can run the agent's work itself (an app, through its library: `hostInProcess`)
/// does so when no `unotifyd` is installed, or when the one found cannot be started; the error
/// of that start is then passed to `hostInProcess`, which may say it once.
package enum AgentLauncher {
    /// Runs the agent's work in the calling process until a real agent takes its name; it is
    /// given why no `unotifyd` could be started, and returns once the name is owned.
    package typealias InProcessHost = @Sendable (_ why: AgentError) async throws -> Void

    /// Makes sure the agent owns its name on `connection`'s bus, waiting at most `timeout`;
    /// with `hostInProcess`, hosts it in this process when no `unotifyd` can be started.
    package static func ensureRunning(
        on connection: DBusConnection, busAddress: String?, timeout: Duration = .seconds(10),
        hostInProcess: InProcessHost? = nil
    )
        async throws
    {
        guard let hostInProcess else {
            return try await startAgent(on: connection, busAddress: busAddress, timeout: timeout)
        }
        do {
            try await startAgent(on: connection, busAddress: busAddress, timeout: timeout)
        } catch let error as AgentError where error.code == .unavailable {
            try await hostInProcess(error)
        }
    }

    /// Starts `unotifyd`: by activation, else by spawning it.
    private static func startAgent(on connection: DBusConnection, busAddress: String?, timeout: Duration)
        async throws
    {
        if try await connection.nameOwner(of: AgentInterface.busName) != nil { return }
        let changes = try await connection.nameOwnerChanges(of: AgentInterface.busName)
        var spawned: (pid: pid_t, log: AgentLaunchLog?)?
        if try await !activate(on: connection) {
            let path = try executablePath()
            let log = AgentLaunchLog.begin()
            spawned = (try spawn(path, busAddress: busAddress, log: log?.path), log)
        }
        if try await connection.nameOwner(of: AgentInterface.busName) != nil { return }
        let outcome = try await withThrowingTaskGroup(of: LaunchOutcome.self) { group in
            group.addTask {
                for try await change in changes where change.newOwner != nil { return .owned }
                return .timedOut
            }
            if let pid = spawned?.pid {
                group.addTask {
                    while isRunning(pid) { try await Task.sleep(for: .milliseconds(20)) }
                    return .exited
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return .timedOut
            }
            defer { group.cancelAll() }
            return try await group.next() ?? .timedOut
        }
        // The name can have been taken by another agent, started meanwhile, just as this one exits.
        if try await connection.nameOwner(of: AgentInterface.busName) != nil { return }
        // try?: only for the error message: an unknown path reads "activated by D-Bus"
        let agent = "unotifyd (\((try? executablePath()) ?? "activated by D-Bus"))"
        var late = "did not start within \(timeout)"
        // One this call spawned and that hangs is not left running: another call would spawn another.
        if outcome == .timedOut, let pid = spawned?.pid { late += ", so unotify \(await stop(spawned: pid))" }
        let said = spawned?.log.map { ($0.path, $0.written()) }
        switch (outcome, said) {
        case (.exited, let (path, text)?) where !text.isEmpty:
            throw AgentError(.unavailable, "\(agent) exited before it took its name; it said (\(path)):\n\(text)")
        case (.exited, _):
            throw AgentError(.unavailable, "\(agent) exited before it took its name; run it by hand to see why")
        case (_, let (path, text)?) where !text.isEmpty:
            throw AgentError(.unavailable, "\(agent) \(late); it said (\(path)):\n\(text)")
        default:
            throw AgentError(.unavailable, "\(agent) \(late); run it by hand to see why")
        }
    }

    /// How waiting for the agent's name ended.
    private enum LaunchOutcome: Sendable {
        case owned, exited, timedOut
    }

    /// Whether `pid` still runs (a zombie, not yet reaped by its new parent, has exited).
    static func isRunning(_ pid: pid_t) -> Bool {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(descriptor, &buffer, buffer.count)
        let stat = String(decoding: buffer[0..<max(count, 0)], as: UTF8.self)
        guard let parenthesis = stat.lastIndex(of: ")") else { return false }
        return !stat[parenthesis...].hasPrefix(") Z")
    }

    /// D-Bus activation; `false` when no service file is installed for the agent.
    private static func activate(on connection: DBusConnection) async throws -> Bool {
        try await connection.startService(AgentInterface.busName)
    }

    /// The agent binary to spawn; `forDaemon` when `unotifyd` asks for its own path. Throws an
    /// `.unavailable` ``AgentError`` when none is installed.
    package static func executablePath(forDaemon: Bool = false) throws -> String {
        if let explicit = environment("UNOTIFY_AGENT"), !explicit.isEmpty {
            guard isExecutable(explicit) else {
                throw AgentError(
                    .unavailable,
                    "UNOTIFY_AGENT is \(explicit), which is not an executable file; "
                        + "point it at unotifyd or unset it")
            }
            return explicit
        }
        let own = ownExecutable()
        if forDaemon { return own }
        let sibling = String(own[..<(own.lastIndex(of: "/") ?? own.startIndex)]) + "/unotifyd"
        if isExecutable(sibling) { return sibling }
        for directory in (environment("PATH") ?? "").split(separator: ":") {
            let candidate = "\(directory)/unotifyd"
            if isExecutable(candidate) { return candidate }
        }
        throw AgentError(
            .unavailable, notInstalled + ": install it next to this program or on PATH, or set UNOTIFY_AGENT")
    }

    /// How the error of ``executablePath(forDaemon:)`` begins when no `unotifyd` is installed.
    package static let notInstalled = "cannot find unotifyd"

    /// Spawns `unotifyd` in its own session through `/bin/sh … &`, so it is not our child, its
    /// standard error appended to `log` (or discarded); returns its process id.
    private static func spawn(_ path: String, busAddress: String?, log: String?) throws -> pid_t {
        var environment = currentEnvironment()
        if let busAddress { environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress }
        let arguments = [
            "/bin/sh", "-c", "setsid \"$0\" </dev/null >/dev/null 2>>\"$1\" & echo $!", path, log ?? "/dev/null",
        ]
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, resetSignals(&attributes))
        // The shell prints the agent's process id on a pipe, then exits; the agent does not hold it.
        var output: [Int32] = [0, 0]
        guard unotify_pipe_close_on_exec(&output) == 0 else {
            throw AgentError(.unavailable, "cannot start \(path): pipe() failed")
        }
        defer { close(output[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        // The agent outlives the caller: it inherits none of the caller's descriptors (a script's
        // `flock 9` would otherwise stay locked as long as the agent runs).
        let closing = unotify_spawn_close_from(&actions, 3)
        guard closing == 0 else {
            close(output[1])
            throw AgentError(.unavailable, "cannot start \(path): \(String(cString: strerror(closing)))")
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        close(output[1])
        guard result == 0 else {
            throw AgentError(.unavailable, "cannot start \(path): \(String(cString: strerror(result)))")
        }
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = read(output[0], &buffer, buffer.count)
        let text = String(decoding: buffer[0..<max(count, 0)], as: UTF8.self)
        guard let agent = pid_t(text.split(separator: "\n").first ?? "") else {
            throw AgentError(.unavailable, "cannot start \(path): /bin/sh did not start it")
        }
        return agent
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Sets `attributes` so that the child starts with no signal blocked and the signals a
    /// parent may catch or ignore (SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD) at their defaults;
    /// returns the flags that say so, for `posix_spawnattr_setflags`.
    package static func resetSignals(_ attributes: inout posix_spawnattr_t) -> Int16 {
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        return Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    }

    /// This process's environment, read from `environ`.
    package static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    private static func isExecutable(_ path: String) -> Bool {
        var status = stat()
        return access(path, X_OK) == 0 && stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The running program's path (`/proc/self/exe` resolved).
    private static func ownExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return CommandLine.arguments.first ?? "unotify" }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
