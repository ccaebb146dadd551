import DBus
import Foundation
import Synchronization
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// Remote notifications through the parts Linux users run: KDE's distributor KUnifiedPush
    /// (`kunifiedpush-distributor`, Plasma 6's) and the push server ntfy, both from Debian sid,
    /// started by `test-desktop` (`DESKTOP_PUSH=kunifiedpush`) beside dunst (or GNOME Shell 51)
    /// on the desktop's bus. The app server is pywebpush (`scripts/push/webpush-send`: aes128gcm,
    /// as every Web Push library sends); the agent runs only when the bus activates it for
    /// KUnifiedPush, as on a user's desktop. Without the sid chroot these tests fail: `test-desktop up` builds it.
    @Suite(.serialized, .timeLimit(.minutes(4))) struct RealPushStackEndToEndTests {
        static let app = "org.example.Chat"

        /// A desktop (dunst unless told) with the real push stack, an agent that only D-Bus
        /// activation starts (its stderr in `agentLog`), and a watcher on the bus.
        struct Rig {
            let desktop: TestDesktop
            let monitor: BusMonitor
            let state: TemporaryDirectory
            let python: String
            let agentLog: URL
            let watcher: DBusConnection
            /// The variables of the agent and of every `unotify` the test runs.
            let agentEnvironment: [String: String]

            /// `server` is dunst, or a server of the sid chroot the stack runs from
            /// (`gnome-shell-51`, whose notification service passes each `Notify` on to the shell).
            init(server: String = "dunst") async throws {
                desktop = try await TestDesktop(server: server, environment: ["DESKTOP_PUSH": "kunifiedpush"])
                guard desktop.variables["DESKTOP_PUSH_URL"]?.hasPrefix("http://127.0.0.1:") == true else {
                    throw TestSupportError("test-desktop up exported no DESKTOP_PUSH_URL: \(desktop.variables)")
                }
                let shell = server.hasPrefix("gnome-shell")
                let forwarder = shell ? try await desktop.nameOwner("org.freedesktop.Notifications") : nil
                monitor = try await BusMonitor(address: desktop.busAddress, forwarder: forwarder)
                state = try TemporaryDirectory("unotify-real-push")
                agentLog = state.url.appendingPathComponent("agent.log")
                agentEnvironment = Self.agentEnvironment(state, gnomeState: shell ? desktop.stateDirectory : nil)
                let environment = agentEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": desktop.busAddress]) { $1 }
                    .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                try """
                [D-BUS Service]
                Name=org.unotify.Agent
                Exec=/bin/sh -c "exec /usr/bin/env \(environment) \(UNotifyDaemonProcess.path) 2>>\(agentLog.path)"

                """.write(
                    to: desktop.stateDirectory.appendingPathComponent("services/org.unotify.Agent.service"),
                    atomically: true, encoding: .utf8)
                python = try await PushEndToEndTests.Rig.pywebpushPython()
                watcher = try DBusConnection(address: desktop.busAddress)
            }

            /// The agent's variables: its state in `state`; on GNOME Shell (`gnomeState`, the
            /// desktop's state directory) GNOME's own settings, the keyfile GSettings store and
            /// the desktop entries the shell reads, as the agent uses them on a user's GNOME.
            static func agentEnvironment(_ state: TemporaryDirectory, gnomeState: URL?) -> [String: String] {
                guard let gnomeState else {
                    return [
                        "XDG_STATE_HOME": state.path,
                        "XDG_CONFIG_HOME": state.url.appendingPathComponent("config").path,
                        "UNOTIFY_DESKTOP_SETTINGS": "none", "LANG": "C.UTF-8",
                    ]
                }
                return [
                    "XDG_STATE_HOME": state.path, "UNOTIFY_DESKTOP_SETTINGS": "gnome", "GSETTINGS_BACKEND": "keyfile",
                    "XDG_CONFIG_HOME": gnomeState.appendingPathComponent("config").path,
                    "XDG_DATA_HOME": gnomeState.appendingPathComponent("data").path, "LANG": "C.UTF-8",
                ]
            }

            func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
                try await UNotifyProcess.run(
                    arguments, busAddress: desktop.busAddress, extraEnvironment: agentEnvironment)
            }

            /// The app allowed and registered through `unotify push --register`, then the agent
            /// stopped, so that only KUnifiedPush's call can start it again; the subscription.
            func registerAndStopTheAgent() async throws -> String {
                let allowed = try await unotify(["settings", RealPushStackEndToEndTests.app, "allow"])
                #expect(allowed.status == 0, "\(allowed.stderr)")
                let registered = try await unotify(["push", "--register", RealPushStackEndToEndTests.app])
                guard registered.status == 0 else {
                    throw TestSupportError(
                        "push --register exited \(registered.status): \(registered.stderr)\n\(logs())")
                }
                #expect(
                    registered.stderr.contains("push distributor: org.unifiedpush.Distributor.kde"),
                    "\(registered.stderr)")
                let server = desktop.variables["DESKTOP_PUSH_URL"] ?? "?"
                #expect(registered.stderr.contains("push server: \(server)\n"), "\(registered.stderr)")
                try await stopTheAgent()
                return registered.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            }

            func stopTheAgent() async throws {
                let pid = try await watcher.processID(of: "org.unotify.Agent")
                kill(pid_t(pid), SIGTERM)
                try await Eventually.wait(timeout: .seconds(10), "the agent leaves the bus") {
                    try await watcher.nameOwner(of: "org.unotify.Agent") == nil
                }
            }

            /// Kills the agent (SIGKILL) and waits until it has left the bus; its process id.
            @discardableResult func killTheAgent() async throws -> Int {
                let pid = try await watcher.processID(of: "org.unotify.Agent")
                kill(pid_t(pid), SIGKILL)
                try await Eventually.wait(timeout: .seconds(10), "the agent leaves the bus") {
                    try await watcher.nameOwner(of: "org.unotify.Agent") == nil
                }
                return Int(pid)
            }

            /// The agent's state directory (`$XDG_STATE_HOME/unotify`).
            var agentState: URL { state.url.appendingPathComponent("unotify") }

            /// pywebpush's send of `payload` to `subscription` (with `options` of webpush-send):
            /// its exit status and the lines it printed (the HTTP statuses).
            func send(_ payload: String, to subscription: String, _ options: [String] = []) async throws -> (
                status: Int32, lines: [String]
            ) {
                let sender = try ChildProcess(
                    python,
                    [PackageRoot.url.appendingPathComponent("scripts/push/webpush-send").path, subscription, payload]
                        + options)
                let status = try await sender.wait(timeout: 120)
                return (status, sender.standardOutput.split(separator: "\n").map(String.init))
            }

            /// The size in bytes of the body pywebpush makes of `payload` for `subscription`.
            func encryptedSize(_ payload: String, for subscription: String) async throws -> Int {
                let sender = try ChildProcess(
                    python,
                    [
                        PackageRoot.url.appendingPathComponent("scripts/push/webpush-send").path, subscription, payload,
                        "--encrypt-only",
                    ])
                guard try await sender.wait(timeout: 60) == 0 else {
                    throw TestSupportError("webpush-send --encrypt-only failed: \(sender.standardError)")
                }
                var text = sender.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
                    .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
                while text.count % 4 != 0 { text += "=" }
                guard let body = Data(base64Encoded: text) else { throw TestSupportError("no base64: \(text)") }
                return body.count
            }

            /// `test-desktop push ACTION PART`: stops or starts KUnifiedPush or ntfy again.
            func push(_ action: String, _ part: String) async throws {
                let run = try ChildProcess(
                    TestDesktop.harness, ["push", action, part, desktop.stateDirectory.path])
                guard try await run.wait(timeout: 90) == 0 else {
                    throw TestSupportError("test-desktop push \(action) \(part) failed: \(run.standardError)")
                }
            }

            /// The agent's count of push messages with `outcome` (its `PushStatus`).
            func count(_ outcome: String) async throws -> UInt32 {
                try await PushEndToEndTests.Rig.count(outcome, on: watcher)
            }

            /// The first `count` notifications shown; a timeout records the logs.
            func shown(count: Int, within timeout: Duration = .seconds(30)) async throws -> [NotifyCall] {
                do {
                    return try await monitor.waitForNotify(count: count, timeout: timeout)
                } catch {
                    Issue.record("\(error)\n\(logs())")
                    throw error
                }
            }

            /// The agent's, KUnifiedPush's and ntfy's logs, for a failure's message.
            func logs() -> String {
                let directory = desktop.stateDirectory
                // try?: a log not written is shown as none
                let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                var text = "agent: " + ((try? String(contentsOf: agentLog, encoding: .utf8)) ?? "(none)")
                for name in files.sorted() where name.hasPrefix("push-") && name.hasSuffix(".log") {
                    let log = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
                    text += "\n--- \(name):\n" + log.split(separator: "\n").suffix(40).joined(separator: "\n")
                }
                return text
            }
        }

        /// A JSON APNs payload of exactly `size` bytes, its alert titled `title`.
        static func payload(title: String, size: Int) -> String {
            let head = #"{"aps":{"alert":{"title":""# + title + #"","body":""#
            let tail = #""}}}"#
            return head + String(repeating: "x", count: size - head.utf8.count - tail.utf8.count) + tail
        }

        /// Web Push's largest message, 4 096 bytes of body (3 993 of plaintext), and one of
        /// 2 043 bytes (the first size an earlier limit lost) go from pywebpush through ntfy and
        /// KUnifiedPush to the agent the bus starts, and are shown once each; ntfy answers 200,
        /// which the app server takes as sent.
        @Test func webPushOfUpTo4096BytesThroughKUnifiedPushAndNtfyIsShownOnce() async throws {
            let rig = try await Rig()
            let subscription = try await rig.registerAndStopTheAgent()
            let endpoint = try #require(rig.desktop.variables["DESKTOP_PUSH_URL"])
            #expect(subscription.contains(#""endpoint":"\#(endpoint)/up"#), "\(subscription)")
            let largest = Self.payload(title: "Largest", size: 3_993)
            let middle = Self.payload(title: "Middle", size: 1_940)
            #expect(try await rig.encryptedSize(largest, for: subscription) == 4_096)
            #expect(try await rig.encryptedSize(middle, for: subscription) == 2_043)
            let first = try await rig.send(largest, to: subscription)
            #expect(first.lines == ["200"], "ntfy answers 200")
            #expect(first.status == 0, "webpush-send takes 200 as sent, as pywebpush does")
            #expect(try await rig.shown(count: 1).map(\.summary) == ["Largest"])
            #expect(try await rig.send(middle, to: subscription).lines == ["200"])
            let shown = try await rig.shown(count: 2)
            #expect(shown.map(\.summary) == ["Largest", "Middle"])
            let body = try #require(shown.last?.body)
            #expect(body.count > 1_800 && middle.contains(#""body":""# + body + "\""), "\(rig.logs())")
            #expect(try await rig.count("delivered") == 2)
            #expect(rig.monitor.notifyCalls.count == 2, "each shown once")
        }

        /// A denied app's message goes through ntfy (answered 200) and KUnifiedPush to the agent,
        /// which drops it and counts it `not-allowed`: dunst gets nothing from it. The allowed
        /// app's next message is the only `Notify` on the bus and the only notification dunst
        /// has (on screen or in its history).
        @Test func aDeniedAppsWebPushThroughKUnifiedPushReachesNoServer() async throws {
            let rig = try await Rig()
            let denied = "org.example.Denied"
            #expect(try await rig.unotify(["settings", denied, "deny"]).status == 0)
            let deniedRegistration = try await rig.unotify(["push", "--register", denied])
            #expect(deniedRegistration.status == 0, "\(deniedRegistration.stderr)")
            let deniedSubscription = deniedRegistration.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let subscription = try await rig.registerAndStopTheAgent()
            let sent = try await rig.send(Self.payload(title: "Denied", size: 200), to: deniedSubscription)
            #expect(sent.lines == ["200"], "ntfy takes the denied app's message")
            try await Eventually.wait(timeout: .seconds(30), "the agent drops the denied app's message: \(rig.logs())")
            {
                try await rig.count("not-allowed") == 1
            }
            #expect(try await rig.send(Self.payload(title: "Marker", size: 200), to: subscription).lines == ["200"])
            #expect(try await rig.shown(count: 1).map(\.summary) == ["Marker"])
            #expect(try await rig.count("delivered") == 1)
            #expect(rig.monitor.notifyCalls.map(\.summary) == ["Marker"], "nothing sent for the denied app")
            let displayed = try await rig.desktop.output("dunstctl", ["count", "displayed"])
            let history = try await rig.desktop.output("dunstctl", ["count", "history"])
            let held = [displayed, history].compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            #expect(held.count == 2 && held.reduce(0, +) == 1, "dunst has the marker alone: \(displayed), \(history)")
        }

        /// KUnifiedPush unregisters, at its start, every client whose service the bus cannot
        /// start. With the agent stopped (as after an idle exit or a logout) the distributor
        /// restarts; the app's registration survives because `org.unotify.Agent` is
        /// D-Bus-activatable, the message posted while the distributor was down is fetched
        /// from ntfy after the restart and shown once, and so is the next one.
        @Test func aDistributorRestartWithTheAgentStoppedKeepsTheRegistration() async throws {
            let rig = try await Rig()
            let subscription = try await rig.registerAndStopTheAgent()
            try await rig.push("stop", "distributor")
            #expect(try await rig.send(Self.payload(title: "While down", size: 200), to: subscription).lines == ["200"])
            try await rig.push("start", "distributor")
            #expect(try await rig.shown(count: 1).map(\.summary) == ["While down"])
            #expect(try await rig.send(Self.payload(title: "After", size: 200), to: subscription).lines == ["200"])
            #expect(try await rig.shown(count: 2).map(\.summary) == ["While down", "After"])
            #expect(try await rig.count("delivered") == 2, "\(rig.logs())")
            let config = try String(
                contentsOfFile: try #require(rig.desktop.variables["DESKTOP_PUSH_CONFIG"]), encoding: .utf8)
            #expect(config.contains("ServiceName=org.unotify.Agent"), "still a client of KUnifiedPush: \(config)")
        }
        /// KUnifiedPush sends no message id with ntfy, so the agent's replay journal cannot
        /// help; what it takes is what it shows. Measured here: the push server restarting
        /// (KUnifiedPush reconnects after its backoff, 15 to 40 s, asking for what came after the
        /// last message it took) and the agent killed (the next message starts another) lose no
        /// message and show none twice.
        @Test func aPushServerRestartAndAKilledAgentLoseNothingAndRepeatNothing() async throws {
            let rig = try await Rig()
            let subscription = try await rig.registerAndStopTheAgent()
            #expect(try await rig.send(Self.payload(title: "One", size: 200), to: subscription).lines == ["200"])
            #expect(try await rig.shown(count: 1).map(\.summary) == ["One"])
            try await rig.push("stop", "server")
            try await rig.push("start", "server")
            #expect(try await rig.send(Self.payload(title: "Two", size: 200), to: subscription).lines == ["200"])
            // KUnifiedPush's reconnection waits a random 15 to 40 s after the connection failed.
            #expect(try await rig.shown(count: 2, within: .seconds(90)).map(\.summary) == ["One", "Two"])
            let pid = try await rig.killTheAgent()
            #expect(try await rig.send(Self.payload(title: "Three", size: 200), to: subscription).lines == ["200"])
            #expect(try await rig.shown(count: 3).map(\.summary) == ["One", "Two", "Three"])
            #expect(try await rig.watcher.processID(of: "org.unotify.Agent") != pid, "another agent")
            #expect(rig.monitor.notifyCalls.map(\.summary) == ["One", "Two", "Three"], "\(rig.logs())")
        }
        /// KUnifiedPush hands a message over once: when the agent cannot read `push.json` then
        /// (here truncated), it refuses the message and KUnifiedPush never sends it again. The
        /// agent keeps it (in its store, 0600) and shows it once the state can be read, here by
        /// the next agent after a SIGKILL, before the message that started it; and an agent
        /// killed after showing it, before taking it out of the store, leaves a copy the next
        /// agent drops as a replay. Before the fix the message was never shown.
        @Test func aMessageTakenWhileTheStateWasUnreadableIsShownOnceAcrossKills() async throws {
            let rig = try await Rig()
            let subscription = try await rig.registerAndStopTheAgent()
            let pushFile = rig.agentState.appendingPathComponent("push.json")
            let store = AgentStoreFile(directory: rig.agentState)
            let original = try Data(contentsOf: pushFile)
            try original.prefix(original.count / 2).write(to: pushFile)
            #expect(try await rig.send(Self.payload(title: "Kept", size: 200), to: subscription).lines == ["200"])
            try await Eventually.wait(timeout: .seconds(30), "the agent keeps the message: \(rig.logs())") {
                guard store.exists else { return false }
                return try store.rows(of: "pushWaiting").count == 1
            }
            let kept = try store.rows(of: "pushWaiting")
            let mode = try #require(
                try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int)
            #expect(mode == 0o600, "the store is private: \(String(mode, radix: 8))")
            #expect(try await rig.count("state-unreadable") == 1)
            #expect(try await rig.count("kept") == 1)

            try await rig.killTheAgent()
            try original.write(to: pushFile)
            #expect(try await rig.send(Self.payload(title: "Next", size: 200), to: subscription).lines == ["200"])
            #expect(try await rig.shown(count: 2).map(\.summary) == ["Kept", "Next"], "the kept message first")
            try await Eventually.wait(timeout: .seconds(10), "taken out of the store") {
                try store.rows(of: "pushWaiting").isEmpty
            }
            #expect(try await rig.count("replayed") == 0, "KUnifiedPush did not send the refused message again")

            // The agent killed after it showed the message, before it took it out of the store.
            try await rig.killTheAgent()
            try store.insert(kept, into: "pushWaiting")
            #expect(try await rig.send(Self.payload(title: "Last", size: 200), to: subscription).lines == ["200"])
            #expect(try await rig.shown(count: 3).map(\.summary) == ["Kept", "Next", "Last"])
            #expect(try await rig.count("replayed") == 1, "the copy dropped: \(rig.logs())")
            #expect(rig.monitor.notifyCalls.map(\.summary) == ["Kept", "Next", "Last"], "each shown once")
        }

        /// What ntfy does where RFC 8030 and RFC 8292 say otherwise (PUSH.md's table): a message's
        /// `TTL` is ignored (ntfy keeps it its own 12 h), an app registered with its server's key
        /// gets an unsigned push shown (KUnifiedPush keeps the key, ntfy enforces nothing), and a
        /// push after `--unregister`, or to a token the agent lost and asked KUnifiedPush to
        /// forget, is answered 200 (no 404 or 410) and shown to nobody; `server --explain` names
        /// KUnifiedPush and ntfy.
        @Test func ntfyIgnoresTTLAndVAPIDAndAnswers200AfterUnregister() async throws {
            let rig = try await Rig()
            let subscription = try await rig.registerAndStopTheAgent()
            let sent = try await rig.send(Self.payload(title: "TTL", size: 200), to: subscription, ["--response"])
            let line = try #require(sent.lines.first)
            #expect(line.hasPrefix("200 "), "\(sent.lines)")
            let answer = try #require(
                try JSONSerialization.jsonObject(with: Data(line.dropFirst(4).utf8)) as? [String: Any], "\(line)")
            let time = try #require(answer["time"] as? Int, "\(answer)")
            let expires = try #require(answer["expires"] as? Int, "\(answer)")
            #expect(expires - time == 43_200, "webpush-send sends TTL: 60; ntfy keeps it 12 h: \(answer)")
            #expect(try await rig.shown(count: 1).map(\.summary) == ["TTL"])
            let explained = try await rig.unotify(["server", "--explain"])
            let server = try #require(rig.desktop.variables["DESKTOP_PUSH_URL"])
            #expect(
                explained.stdout.contains(
                    "push distributor: org.unifiedpush.Distributor.kde\npush server: \(server)\n"),
                "server --explain names KUnifiedPush and ntfy: \(explained.stdout)")

            let signed = "org.example.Signed"
            #expect(try await rig.unotify(["settings", signed, "allow"]).status == 0)
            let key = try await PushEndToEndTests.Rig.vapidKeyPair("server", in: rig.state.url).publicKey
            let registered = try await rig.unotify(["push", "--register", signed, "--server-key", key])
            #expect(registered.status == 0, "\(registered.stderr)")
            let signedSubscription = registered.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let unsigned = try await rig.send(Self.payload(title: "Unsigned", size: 200), to: signedSubscription)
            #expect(unsigned.lines == ["200"], "accepted without the signature")
            #expect(try await rig.shown(count: 2).map(\.summary) == ["TTL", "Unsigned"])

            #expect(try await rig.unotify(["push", "--unregister", signed]).status == 0)
            let gone = try await rig.send(Self.payload(title: "Gone", size: 200), to: signedSubscription)
            #expect(gone.lines == ["200"], "no 404 or 410 after the unregistration")

            // A token the agent lost (push.json put back from before the registration): the agent
            // asks KUnifiedPush to forget it, KUnifiedPush drops its client and ntfy topic, and ntfy
            // still answers 200.
            let lost = "org.example.Lost"
            #expect(try await rig.unotify(["settings", lost, "allow"]).status == 0)
            try await rig.stopTheAgent()
            let pushFile = rig.agentState.appendingPathComponent("push.json")
            let before = try Data(contentsOf: pushFile)
            let lostRegistration = try await rig.unotify(["push", "--register", lost])
            #expect(lostRegistration.status == 0, "\(lostRegistration.stderr)")
            let lostSubscription = lostRegistration.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: pushFile)) as? [String: Any]
            let token = try #require(
                ((stored?["apps"] as? [String: Any])?[lost] as? [String: Any])?["token"] as? String)
            let config = try #require(rig.desktop.variables["DESKTOP_PUSH_CONFIG"])
            #expect(
                try String(contentsOfFile: config, encoding: .utf8).contains("[\(token)]"), "a client of KUnifiedPush")
            try await rig.stopTheAgent()
            try before.write(to: pushFile)
            #expect(try await rig.send(Self.payload(title: "Lost", size: 200), to: lostSubscription).lines == ["200"])
            try await Eventually.wait(timeout: .seconds(30), "KUnifiedPush forgets the lost token: \(rig.logs())") {
                try !String(contentsOfFile: config, encoding: .utf8).contains("[\(token)]")
            }
            #expect(try await rig.count("unknown-token") == 1)
            let afterForgotten = try await rig.send(Self.payload(title: "Forgotten", size: 200), to: lostSubscription)
            #expect(afterForgotten.lines == ["200"], "no 404 or 410 for the forgotten token")

            #expect(try await rig.send(Self.payload(title: "Marker", size: 200), to: subscription).lines == ["200"])
            #expect(try await rig.shown(count: 3).map(\.summary) == ["TTL", "Unsigned", "Marker"], "\(rig.logs())")
            #expect(
                rig.monitor.notifyCalls.map(\.summary) == ["TTL", "Unsigned", "Marker"],
                "nothing shown for Gone, Lost or Forgotten")
        }

        /// The popup drawn by GNOME Shell 51 (from the same sid chroot as the stack): a message
        /// from pywebpush through ntfy and KUnifiedPush starts the agent (with GNOME's own
        /// settings), and the shell shows its title as the banner on screen and keeps it in its
        /// tray, once.
        @Test func onGnomeShell51AWebPushThroughKUnifiedPushIsTheBannerOnScreen() async throws {
            let rig = try await Rig(server: "gnome-shell-51")
            let subscription = try await rig.registerAndStopTheAgent()
            #expect(try await rig.desktop.shellNotificationCount() == 0, "the shell lists nothing before")
            // Each banner the shell puts on screen, its title label's text, recorded in the shell
            // as it is added: a banner shows for 4 s only, which a poll on a loaded machine can miss.
            let recorder = """
                global.unotifyBanners = [];
                Main.messageTray._bannerBin.connect('child-added', (bin, banner) =>
                  global.unotifyBanners.push(banner.titleLabel?.text ?? null)); 1
                """
            #expect(try await rig.desktop.shellEval(recorder) == "1")
            let payload = #"{"aps": {"alert": {"title": "Ann", "body": "Lunch?"}}}"#
            #expect(try await rig.send(payload, to: subscription).lines == ["200"])
            let shown = try #require(try await rig.shown(count: 1).first)
            #expect(shown.summary == "Ann")
            #expect(shown.body == "Lunch?")
            let banners = Mutex<[String?]>([])
            try await Eventually.wait(timeout: .seconds(10), "GNOME Shell shows a banner: \(rig.logs())") {
                let reply = try await rig.desktop.shellEval("JSON.stringify(global.unotifyBanners)")
                let titles = try JSONDecoder().decode(
                    [String?].self, from: Data(try JSONDecoder().decode(String.self, from: Data(reply.utf8)).utf8))
                banners.withLock { $0 = titles }
                return !titles.isEmpty
            }
            #expect(banners.withLock { $0 } == ["Ann"], "the banner shows the message's title")
            #expect(try await rig.desktop.shellNotificationCount() == 1, "listed once by the shell")
            #expect(try await rig.count("delivered") == 1, "\(rig.logs())")
        }
    }
}
