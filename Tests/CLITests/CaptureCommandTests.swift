import Foundation
import Testing
import TestSupport

/// `unotify capture`: a whole flow (request → Allow → notification → action → the answer) runs
/// with nothing but this command: its own bus, its own server answering as the test says, the
/// agent started and stopped by it; the tests read its JSON lines.
@Suite(.timeLimit(.minutes(2))) struct CaptureCommandTests {
    /// A capture run: the folder it may use ($TMPDIR, to see that it leaves nothing), its JSON lines.
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
        let lines: [[String: Any]]
        /// What the capture left in its $TMPDIR.
        let leftBehind: [String]
        /// The processes still running with the run's $TMPDIR in their environment: every
        /// process the capture started has it (the bus, the agent, the command and its children).
        let survivors: [String]

        /// The `notify` lines, in order.
        var notifications: [[String: Any]] { lines.filter { $0["event"] as? String == "notify" } }
        /// The keys of the `action-invoked` lines, in order.
        var invoked: [String] {
            lines.filter { $0["event"] as? String == "action-invoked" }.compactMap { $0["key"] as? String }
        }
    }

    /// Runs `unotify capture ARGUMENTS` with no session bus of its own, to completion (bounded).
    static func capture(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> Run {
        let folder = try TemporaryDirectory("unotify-capture-test")
        let temporary = folder.url.appendingPathComponent("tmp").path
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let json = folder.url.appendingPathComponent("capture.jsonl").path
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil  // the capture's bus only: never the session's
        environment["TMPDIR"] = temporary
        environment["XDG_DATA_HOME"] = folder.url.appendingPathComponent("data").path
        environment["XDG_DATA_DIRS"] = folder.url.appendingPathComponent("none").path
        environment["UNOTIFY"] = UNotifyProcess.path
        // The scripts' own files go here, not in the capture's $TMPDIR, which must end empty.
        let work = folder.url.appendingPathComponent("work").path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        environment["WORK"] = work
        let process = try ChildProcess(
            UNotifyProcess.path, ["capture", "--json", json, "--timeout", "60"] + arguments, environment: environment)
        let status = try await process.wait(timeout: 90)
        let text = (try? String(contentsOfFile: json, encoding: .utf8)) ?? ""
        let lines = try text.split(separator: "\n").map { line in
            try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        return Run(
            status: status, stdout: process.standardOutput, stderr: process.standardError, lines: lines,
            leftBehind: try FileManager.default.contentsOfDirectory(atPath: temporary),
            survivors: Self.processes(withEnvironment: "TMPDIR=" + temporary))
    }

    /// The processes (`/proc/PID/cmdline`) whose environment holds `variable` exactly.
    static func processes(withEnvironment variable: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                environment.split(separator: 0).contains(where: { $0.elementsEqual(variable.utf8) })
            else { return nil }
            let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
            return "\(pid): " + String(decoding: command.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
        }
    }

    /// The shell flow of the README for `app`: request (answered *Allow* by the capture), the
    /// app's categories, a notification through the agent (`send`'s arguments), `unotify listen`
    /// for the one answer.
    static func flow(app: String, categories: String, send: String) -> String {
        """
        set -e
        "$UNOTIFY" request --app \(app)
        printf '%s' '\(categories)' > "$WORK/categories.json"
        "$UNOTIFY" categories --app \(app) --set "$WORK/categories.json"
        "$UNOTIFY" send --app \(app) \(send)
        "$UNOTIFY" listen --app \(app) --count 1
        """
    }

    static let script = flow(
        app: "org.example.Tea",
        categories: #"[{"identifier": "tea", "actions": [{"identifier": "drink", "title": "Drink"}]}]"#,
        send: #"-c tea --id tea "Tea" "is ready""#)

    @Test func aShellScriptIsAllowedShowsAndHearsItsActionWithOnlyCapture() async throws {
        let run = try await Self.capture(
            ["--answer", "prompt=allow", "--answer", "summary:Tea=action:drink", "--", "/bin/sh", "-c", Self.script])
        #expect(run.status == 0, "\(run.stderr)")
        // The script's own output: request's status, then listen's answer.
        #expect(run.stdout.contains("authorized"), "\(run.stdout)")
        #expect(run.stdout.contains(#""identifier":"tea","action":"drink""#), "\(run.stdout)")
        let server = try #require(run.lines.first)
        #expect(server["event"] as? String == "server")
        #expect(server["capabilities"] as? [String] == ["actions", "body", "body-markup", "persistence"])
        let notifications = run.notifications
        #expect(notifications.count == 2, "\(run.lines)")
        let prompt = try #require(notifications.first)
        #expect(prompt["kind"] as? String == "permission-prompt")
        #expect(prompt["fromAgent"] as? Bool == true)
        #expect(prompt["answer"] as? String == "prompt=allow")
        // The app has no desktop entry: its id comes from the agent's x-unotify-app-id hint.
        #expect(prompt["appId"] as? String == "org.example.Tea", "\(prompt)")
        #expect((prompt["actions"] as? [[String: String]])?.map { $0["key"] } == ["allow", "deny"])
        let urgency = try #require((prompt["hints"] as? [String: Any])?["urgency"] as? [String: Any])
        #expect(urgency["type"] as? String == "y" && urgency["value"] as? Int == 2, "\(urgency)")
        let tea = try #require(notifications.last)
        #expect(tea["summary"] as? String == "Tea" && tea["body"] as? String == "is ready")
        #expect(tea["kind"] as? String == "notification" && tea["answer"] as? String == "summary:Tea=action:drink")
        #expect(tea["appId"] as? String == "org.example.Tea", "\(tea)")
        #expect(
            (tea["actions"] as? [[String: String]])?.contains { $0["key"] == "drink" && $0["label"] == "Drink" } == true
        )
        #expect(run.invoked == ["allow", "drink"], "\(run.lines)")
        // The capture's bus, agent and folder are gone.
        #expect(run.leftBehind.isEmpty, "\(run.leftBehind)")
        #expect(run.survivors.isEmpty, "\(run.survivors)")
    }

    /// A provisional app's quiet notification answered *Keep…*, then *Deliver Prominently* in the
    /// agent's follow-up, and another's answered *Turn Off…*, then *Turn Off All Notifications*:
    /// each app ends as the answers say, read back with `unotify settings` inside the capture.
    @Test func provisionalKeepAndTurnOffAreAnsweredAndTheAppsEndAsTheySay() async throws {
        let script = """
            set -e
            "$UNOTIFY" request --app org.example.Kettle --provisional
            "$UNOTIFY" send --app org.example.Kettle "Kettle" "has boiled"
            "$UNOTIFY" request --app org.example.Radio --provisional
            "$UNOTIFY" send --app org.example.Radio "Radio" "is on"
            # The answers come after each send returns: wait (at most 30 s) for both to land.
            for _ in $(seq 300); do
              "$UNOTIFY" settings org.example.Kettle | grep -q "status: authorized" \\
                && "$UNOTIFY" settings org.example.Radio | grep -q "status: denied" && break
              sleep 0.1
            done
            "$UNOTIFY" settings org.example.Kettle
            "$UNOTIFY" settings org.example.Radio
            """
        let run = try await Self.capture([
            "--answer", "app:org.example.Kettle=action:unotify-keep", "--answer", "keep-choice=prominent",
            "--answer", "app:org.example.Radio=action:unotify-turn-off", "--answer", "turn-off-choice=turn-off-all",
            "--", "/bin/sh", "-c", script,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let kinds = run.notifications.map { "\($0["appId"] as? String ?? "?") \($0["kind"] as? String ?? "?")" }
        #expect(
            kinds == [
                "org.example.Kettle provisional", "org.example.Kettle keep-choice", "org.example.Radio provisional",
                "org.example.Radio turn-off-choice",
            ], "\(run.lines)")
        #expect(run.invoked == ["unotify-keep", "prominent", "unotify-turn-off", "turn-off-all"], "\(run.lines)")
        #expect(run.stdout.contains("status: authorized"), "\(run.stdout)")
        #expect(run.stdout.contains("status: denied"), "\(run.stdout)")
        #expect(run.leftBehind.isEmpty, "\(run.leftBehind)")
        #expect(run.survivors.isEmpty, "\(run.survivors)")
    }

    @Test func theReadmesTeaAppIsAllowedShowsAndItsDelegateHearsTheActionWithOnlyCapture() async throws {
        let tea = PackageRoot.binaryDirectory.appendingPathComponent("tea-alone").path
        let run = try await Self.capture(
            ["--answer", "prompt=allow", "--answer", "summary:Tea=action:drink", "--", tea],
            environment: ["UNOTIFY_APP_ID": "org.example.Tea"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n") == ["authorized", "shown", "response: drink"], "\(run.stdout)")
        let notifications = run.notifications
        #expect(notifications.map { $0["kind"] as? String } == ["permission-prompt", "notification"], "\(run.lines)")
        #expect(notifications.last?["summary"] as? String == "Tea")
        #expect(notifications.map { $0["appId"] as? String } == ["org.example.Tea", "org.example.Tea"], "\(run.lines)")
        #expect(run.invoked == ["allow", "drink"], "\(run.lines)")
        #expect(run.leftBehind.isEmpty, "\(run.leftBehind)")
        #expect(run.survivors.isEmpty, "\(run.survivors)")
    }

    @Test func aReplyReachesListenOnAServerWithInlineReply() async throws {
        let script = Self.flow(
            app: "org.example.Chat",
            categories: #"[{"identifier": "m", "actions": [{"identifier": "reply", "title": "Reply", "textInput": "#
                + #"{"buttonTitle": "Send", "placeholder": "Message"}}]}]"#,
            send: #"-c m --id m1 "Ann" "Lunch?""#)
        let run = try await Self.capture(
            [
                "--server-profile", "plasma", "--answer", "prompt=allow", "--answer", "summary:Ann=reply:On my way",
                "--", "/bin/sh", "-c", script,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(#""action":"reply""#) && run.stdout.contains(#""text":"On my way""#), "\(run.stdout)")
        #expect(run.lines.first?["name"] as? String == "Plasma")
        #expect(run.lines.contains { $0["event"] as? String == "replied" && $0["text"] as? String == "On my way" })
    }

    /// `close:REASON` closes the notification as the user would: a `send -w` waiting for it
    /// returns (it would wait for ever otherwise), and the JSON has the close with its reason.
    @Test func aCloseAnswerEndsAWaitingSendWithItsReason() async throws {
        let run = try await Self.capture(
            ["--answer", "summary:Kettle=close:dismissed", "--", UNotifyProcess.path, "send", "-w", "Kettle"])
        #expect(run.status == 0, "\(run.stderr)")
        let closed = run.lines.filter { $0["event"] as? String == "closed" }
        #expect(closed.count == 1, "\(run.lines)")
        #expect(closed.first?["reason"] as? Int == 2, "\(run.lines)")
        #expect(run.notifications.first?["answer"] as? String == "summary:Kettle=close:dismissed")
    }

    @Test func aServerProfileIsWhatTheCommandSees() async throws {
        let run = try await Self.capture(
            ["--server-profile", "notify-osd", "--", UNotifyProcess.path, "server", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""name":"notify-osd""#), "\(run.stdout)")
        #expect(!run.stdout.contains(#""actions""#), "\(run.stdout)")
        #expect(run.lines.contains { $0["event"] as? String == "get-capabilities" })
    }

    @Test func theCommandsExitStatusIsCapturesAndNothingIsLeft() async throws {
        let run = try await Self.capture(["--", "/bin/sh", "-c", "exit 7"])
        #expect(run.status == 7, "\(run.stderr)")
        #expect(run.leftBehind.isEmpty, "\(run.leftBehind)")
        #expect(run.survivors.isEmpty, "\(run.survivors)")
    }

    @Test func whatTheCommandLeftRunningIsStopped() async throws {
        let run = try await Self.capture(["--", "/bin/sh", "-c", "sleep 600 & echo started"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("started"))
        #expect(run.survivors.isEmpty, "\(run.survivors)")
    }

    @Test func aCommandPastItsTimeoutIsStoppedWith124() async throws {
        let run = try await Self.capture(["--timeout", "1", "--", "/bin/sh", "-c", "echo started; exec sleep 600"])
        #expect(run.status == 124)
        #expect(run.stderr.contains("ran longer than 1"), "\(run.stderr)")
        #expect(run.survivors.isEmpty, "\(run.survivors)")
        #expect(run.leftBehind.isEmpty, "\(run.leftBehind)")
    }

    @Test func anInterruptedCaptureStopsEverythingAndExits130() async throws {
        let folder = try TemporaryDirectory("unotify-capture-test")
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["TMPDIR"] = folder.path
        let capture = try ChildProcess(
            UNotifyProcess.path, ["capture", "--", "/bin/sh", "-c", "echo started; exec sleep 600"],
            environment: environment)
        defer { capture.stop(grace: 1) }
        _ = try await capture.waitForLine(timeout: 30) { $0 == "started" }
        capture.send(SIGINT)
        #expect(try await capture.wait(timeout: 30) == 130)
        #expect(capture.standardError.contains("interrupted"), "\(capture.standardError)")
        #expect(Self.processes(withEnvironment: "TMPDIR=" + folder.path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func anAgentTheCommandStartedItselfIsStoppedToo() async throws {
        // With --no-agent, unotify starts unotifyd as it does on a desktop: detached, in a
        // session of its own, so no process group of the capture's holds it. (The agent leaves
        // when its bus goes too; the capture also stops it before, by its name's owner.)
        let run = try await Self.capture(
            [
                "--no-agent", "--answer", "prompt=allow", "--", UNotifyProcess.path, "request", "--app",
                "org.example.Tea",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("authorized"), "\(run.stdout)")
        #expect(run.notifications.first?["kind"] as? String == "permission-prompt")
        #expect(run.survivors.isEmpty, "\(run.survivors)")
        #expect(run.leftBehind.isEmpty, "\(run.leftBehind)")
    }

    @Test func aCommandThatCannotBeFoundExits127WithAMessage() async throws {
        let run = try await Self.capture(["--", "no-such-command-for-capture"])
        #expect(run.status == 127)
        #expect(run.stderr.contains("no-such-command-for-capture: not found"), "\(run.stderr)")
        #expect(run.leftBehind.isEmpty, "\(run.leftBehind)")
        #expect(run.survivors.isEmpty, "\(run.survivors)")
    }

    @Test func anAnswerThatFoundNoNotificationFailsTheRun() async throws {
        let run = try await Self.capture(["--answer", "summary:Never=action:x", "--", "/bin/sh", "-c", "exit 0"])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("--answer summary:Never=action:x found no notification it matches"), "\(run.stderr)")
    }

    @Test func anUnknownAnswerTargetIsRefusedBeforeAnythingRuns() async throws {
        let run = try await Self.capture(["--answer", "popup=allow", "--", "/bin/sh", "-c", "echo ran"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("unknown target popup"), "\(run.stderr)")
        #expect(!run.stdout.contains("ran"))
        let wrongWord = try await Self.capture(["--answer", "prompt=keep", "--", "/bin/sh", "-c", "echo ran"])
        #expect(wrongWord.status == 1)
        #expect(wrongWord.stderr.contains("unknown answer keep; use allow, deny, action:KEY"), "\(wrongWord.stderr)")
    }
}
