import DBus
import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// One run of `unotify capture`: a private bus, the capture server, the agent, then the
/// command; everything stopped and removed at the end, whatever happened.
package struct CaptureSession: Sendable {
    /// The command and its arguments.
    package var command: [String]
    package var answers: [CaptureAnswer]
    package var persona: CapturePersona
    /// Whether to start `unotifyd` on the bus before the command.
    package var startsAgent = true
    /// The longest the command may run.
    package var timeout: Duration = .seconds(300)

    package init(command: [String], answers: [CaptureAnswer], persona: CapturePersona) {
        self.command = command
        self.answers = answers
        self.persona = persona
    }

    /// Exit status when the capture itself could not be set up.
    package static let setupFailed: Int32 = 2
    /// Exit status when the command ran past ``timeout``, as `timeout(1)`'s.
    package static let timedOut: Int32 = 124
    /// Exit status when the command could not be found or started, as a shell's.
    package static let notFound: Int32 = 127
    /// Exit status when the capture was interrupted (SIGINT, SIGTERM, SIGHUP), as a shell's for SIGINT.
    package static let interrupted: Int32 = 130

    /// How the command's run ended.
    private enum Outcome: Sendable {
        case exited(Int32), timedOut, interrupted
    }

    /// Waits for `child` to exit, at most `timeout`, or for one of `interrupts`.
    private static func outcome(of child: CaptureProcess, timeout: Duration, interrupts: SignalWaiter) async
        -> Outcome
    {
        await withTaskGroup(of: Outcome.self) { group in
            group.addTask { await child.wait(deadline: timeout).map(Outcome.exited) ?? .timedOut }
            group.addTask {
                await interrupts.wait()
                return .interrupted
            }
            let first = await group.next() ?? .timedOut
            group.cancelAll()
            return first
        }
    }

    /// Runs it; `write` gets each JSON line, `say` each message for standard error. Returns the
    /// command's exit status, or non-zero with a message (``setupFailed``, ``timedOut``,
    /// ``notFound``; 1 when the command succeeded but an answer found no notification).
    package func run(write: @escaping @Sendable (String) -> Void, say: @Sendable (String) -> Void) async -> Int32 {
        // A reader of the JSON lines that goes away (`| head`) must not end the capture with
        // SIGPIPE before it has stopped what it started: the lines are then dropped (EPIPE).
        // The children get SIGPIPE's default back (CaptureProcess).
        signal(SIGPIPE, SIG_IGN)
        // SIGINT, SIGTERM and SIGHUP stop the command and then everything else, as its end does.
        let interrupts = SignalWaiter(signals: [SIGINT, SIGTERM, SIGHUP])
        defer { interrupts.stop() }
        let directory: CaptureDirectory
        do { directory = try CaptureDirectory() } catch {
            say("unotify capture: \(error)")
            return Self.setupFailed
        }
        defer { directory.remove() }
        var environment = AgentLauncher.currentEnvironment()
        let bus: CaptureBus
        do { bus = try CaptureBus(in: directory, environment: environment) } catch {
            say("unotify capture: \(error)")
            return Self.setupFailed
        }
        defer {
            kill(-bus.process.pid, SIGKILL)
            var status: Int32 = 0
            waitpid(bus.process.pid, &status, 0)
        }
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        // The agent keeps its state in the capture's folder and reads no desktop's settings.
        environment["XDG_STATE_HOME"] = directory.path + "/state"
        environment["UNOTIFY_DESKTOP_SETTINGS"] = "none"
        let server: CaptureServer
        do {
            server = try await CaptureServer(address: bus.address, persona: persona, answers: answers, write: write)
        } catch {
            say("unotify capture: cannot serve notifications on the capture's bus: \(error)")
            return Self.setupFailed
        }
        var agent: CaptureProcess?
        if startsAgent {
            do {
                let path = try AgentLauncher.executablePath()
                environment["UNOTIFY_AGENT"] = path
                agent = try await Self.startAgent(path, address: bus.address, environment: environment)
            } catch {
                say("unotify capture: cannot start the agent: \(error)")
                await server.stop()
                return Self.setupFailed
            }
        }
        var status: Int32
        do {
            let child = try CaptureProcess(command, environment: environment, inheritsDescriptors: true)
            switch await Self.outcome(of: child, timeout: timeout, interrupts: interrupts) {
            case .exited(let exited):
                status = exited
                child.stopGroup()
            case .timedOut:
                let how = await child.stop()
                say("unotify capture: \(command.joined(separator: " ")) ran longer than \(timeout): \(how)")
                status = Self.timedOut
            case .interrupted:
                let how = await child.stop()
                say("unotify capture: interrupted: \(command.joined(separator: " ")) \(how); stopping the rest")
                status = Self.interrupted
            }
        } catch {
            say("unotify capture: \(error)")
            status = Self.notFound
        }
        await Self.stopStrayAgent(address: bus.address, ours: agent?.pid, say: say)
        if let agent {
            let how = await agent.stop(grace: .seconds(5))
            if how != "stopped" { say("unotify capture: the agent was \(how)") }
        }
        let unanswered = await server.unansweredAnswers()
        await server.stop()
        for line in unanswered { say("unotify capture: \(line)") }
        if !unanswered.isEmpty, status == 0 { status = 1 }
        return status
    }

    /// Starts `unotifyd` at `path` on the bus and waits at most 10 s for it to own its name.
    private static func startAgent(_ path: String, address: String, environment: [String: String]) async throws
        -> CaptureProcess
    {
        let agent = try CaptureProcess([path], environment: environment)
        let connection = try DBusConnection(address: address)
        defer { Task { await connection.close() } }
        let clock = ContinuousClock()
        let end = clock.now + .seconds(10)
        while clock.now < end {
            if try await connection.nameOwner(of: AgentInterface.busName) != nil { return agent }
            if kill(agent.pid, 0) != 0 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let how = await agent.stop()
        throw CaptureError("\(path) did not take \(AgentInterface.busName) within 10 s (\(how))")
    }

    /// Stops an agent the command started (the agent leaves when idle; a later call starts
    /// another, detached): the owner of the agent's name, when it is not the capture's own.
    private static func stopStrayAgent(address: String, ours: pid_t?, say: @Sendable (String) -> Void) async {
        do {
            let connection = try DBusConnection(address: address)
            defer { Task { await connection.close() } }
            guard try await connection.nameOwner(of: AgentInterface.busName) != nil else { return }
            let pid = pid_t(bitPattern: try await connection.processID(of: AgentInterface.busName))
            guard pid != ours, pid > 0 else { return }
            kill(pid, SIGTERM)
            let clock = ContinuousClock()
            let end = clock.now + .seconds(5)
            while clock.now < end, kill(pid, 0) == 0 { try await Task.sleep(for: .milliseconds(20)) }
            if kill(pid, 0) == 0 {
                kill(pid, SIGKILL)
                say("unotify capture: the agent the command started (process \(pid)) ignored SIGTERM: killed")
            }
        } catch {
            say("unotify capture: could not ask the bus for the agent the command may have started: \(error)")
        }
    }
}
