import DBus

#if canImport(Glibc)
import Glibc
#endif

/// Starts `unotifyd` when nobody owns its name: by D-Bus activation when its `.service` file is
/// installed (`unotifyd --install`), otherwise by spawning the binary, detached, so that it
/// outlives the caller.
///
/// The binary is `$UNOTIFY_AGENT` when set, else `unotifyd` next to the running executable,
/// else the first `unotifyd` on `PATH`.
package enum AgentLauncher {
    /// Makes sure the agent owns its name on `connection`'s bus, waiting at most `timeout`.
    package static func ensureRunning(on connection: DBusConnection, busAddress: String?, timeout: Duration = .seconds(10))
        async throws
    {
        if try await connection.nameOwner(of: AgentInterface.busName) != nil { return }
        let changes = try await connection.nameOwnerChanges(of: AgentInterface.busName)
        if try await !activate(on: connection) {
            try spawn(busAddress: busAddress)
        }
        if try await connection.nameOwner(of: AgentInterface.busName) != nil { return }
        let owned = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                for try await change in changes where change.newOwner != nil { return true }
                return false
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return false
            }
            defer { group.cancelAll() }
            return try await group.next() ?? false
        }
        let ownerNow = try await connection.nameOwner(of: AgentInterface.busName)
        guard owned || ownerNow != nil else {
            throw AgentError(.unavailable, "unotifyd (\((try? executablePath()) ?? "activated by D-Bus")) did not start "
                + "within \(timeout); run it by hand to see why")
        }
    }

    /// D-Bus activation; `false` when no service file is installed for the agent.
    private static func activate(on connection: DBusConnection) async throws -> Bool {
        do {
            _ = try await connection.call(.methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "StartServiceByName", body: [.string(AgentInterface.busName.rawValue), .uint32(0)]),
                timeout: .seconds(10))
            return true
        } catch let error as DBusError where error.name == "org.freedesktop.DBus.Error.ServiceUnknown" {
            return false
        }
    }

    /// The agent binary to spawn; `forDaemon` when `unotifyd` asks for its own path.
    package static func executablePath(forDaemon: Bool = false) throws -> String {
        if let explicit = environment("UNOTIFY_AGENT"), !explicit.isEmpty {
            guard isExecutable(explicit) else {
                throw AgentError(.unavailable, "UNOTIFY_AGENT is \(explicit), which is not an executable file; "
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
        throw AgentError(.unavailable, "cannot find unotifyd: install it next to this program or on PATH, or set UNOTIFY_AGENT")
    }

    /// Spawns `unotifyd` in its own session through `/bin/sh … &`, so it is not our child.
    private static func spawn(busAddress: String?) throws {
        let path = try executablePath()
        var environment = currentEnvironment()
        if let busAddress { environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress }
        let arguments = ["/bin/sh", "-c", "setsid \"$0\" </dev/null >/dev/null 2>&1 &", path]
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, envp)
        guard result == 0 else {
            throw AgentError(.unavailable, "cannot start \(path): \(String(cString: strerror(result)))")
        }
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    private static func currentEnvironment() -> [String: String] {
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
