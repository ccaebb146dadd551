import ArgumentParser
import NotificationCapture

#if canImport(Glibc)
    import Glibc
#endif

/// `unotify capture [--answer TARGET=ANSWER…] [--server-profile NAME] [--json FILE] -- COMMAND…`:
/// runs a command on a private session bus with the agent and a notification server that records
/// and answers, for an app's tests (``CaptureSession``).
struct CaptureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Run a command on a private bus with a recording, answering notification server.",
        discussion: """
            Starts a private session bus, a notification server on it and the agent (unotifyd), \
            runs COMMAND there, then stops them all. Each Notify, CloseNotification and \
            GetCapabilities the server receives and each signal it sends is one JSON line \
            (docs/CLI.md describes them). Each --answer is given once, to the first notification it \
            matches: prompt=allow, prompt=deny, provisional=keep, provisional=turn-off, \
            keep-choice=prominent, summary:TEXT=action:KEY, app:NAME=close:dismissed, \
            summary:TEXT=reply:TEXT (TARGET: prompt, provisional, keep-choice, turn-off-choice, \
            summary:TEXT, app:NAME, any; ANSWER: the popup's word, action:KEY, \
            close:expired|dismissed|closed|undefined, reply:TEXT). Exit status: COMMAND's; 1 when \
            it succeeded but an answer found no notification; 2 when the bus, the server or the \
            agent could not start; 124 when COMMAND ran past --timeout; 127 when it cannot be run; 130 when \
            interrupted (SIGINT, SIGTERM, SIGHUP: COMMAND and the rest are stopped first).
            """
    )

    @Option(name: .customLong("answer"), help: "Answer a notification: TARGET=ANSWER (repeatable).")
    var answers: [String] = []
    @Option(
        help: "The server to pretend to be: unotify, gnome-shell, plasma, dunst or notify-osd.",
        completion: .list(CapturePersona.table.map(\.name)))
    var serverProfile = "unotify"
    @Option(help: "Capabilities to advertise instead of the profile's (comma-separated).")
    var capabilities: String?
    @Option(help: "Write the JSON lines to this file instead of standard output.", completion: .file())
    var json: String?
    @Option(help: "The longest COMMAND may run, in seconds.") var timeout: Int = 300
    @Flag(help: "Do not start unotifyd (COMMAND starts it, or runs without it).") var noAgent = false
    @Argument(parsing: .postTerminator, help: "The command to run, after --.") var command: [String] = []

    func validate() throws {
        if command.isEmpty {
            throw ValidationError("name the command to run after --, as: unotify capture -- ./test.sh")
        }
        if timeout < 1 { throw ValidationError("--timeout must be at least 1 second") }
    }

    func run() async throws {
        let parsed: [CaptureAnswer]
        var persona: CapturePersona
        do {
            parsed = try answers.map { text throws(CaptureError) in try CaptureAnswer(parsing: text) }
            persona = try CapturePersona.named(serverProfile)
        } catch {
            throw CommandFailure("unotify capture: \(error)")
        }
        if let capabilities {
            persona = persona.with(capabilities: capabilities.split(separator: ",").map(String.init))
        }
        var output: Int32 = 1
        if let json, json != "-" {
            output = open(json, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard output >= 0 else {
                throw CommandFailure("unotify capture: cannot write \(json): \(String(cString: strerror(errno)))")
            }
        }
        defer { if output != 1 { close(output) } }
        var session = CaptureSession(command: command, answers: parsed, persona: persona)
        session.startsAgent = !noAgent
        session.timeout = .seconds(timeout)
        let descriptor = output
        let status = await session.run(
            write: { FileDescriptorText.write($0 + "\n", to: descriptor) }, say: { StandardError.write($0) })
        if status != 0 { throw CommandFailure("", exitCode: status) }
    }
}
