import DBus
import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// Remote notifications with real parts: pywebpush encrypts and POSTs to the endpoint of the
    /// UnifiedPush distributor (`test-push-distributor`, TestSupport's FakeDistributor as a process), which calls the agent's
    /// connector; the agent, started by D-Bus activation alone, decrypts the message and shows it
    /// on real dunst through the permission pipeline; dunst's own click reaches the app.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct PushEndToEndTests {
        static let app = "org.example.Chat"
        static let payload = #"{"aps": {"alert": {"title": "Ann", "body": "Lunch?"}}, "room": "food"}"#

        /// A dunst session whose agent only D-Bus activation starts (its stderr in `agentLog`),
        /// and the distributor on its bus.
        struct Rig {
            let session: MatrixSession
            var distributor: ChildProcess
            let python: String
            let agentLog: URL
            let watcher: DBusConnection

            init(_ server: MatrixServer = .dunst) async throws {
                session = try await MatrixSession(server)
                agentLog = session.state.url.appendingPathComponent("agent.log")
                // The agent runs as the session's `unotify` would start it (on GNOME Shell, with
                // GNOME's own settings).
                let variables = ["UNOTIFY_DESKTOP_SETTINGS": "none"].merging(session.environment) { $1 }
                let environment = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                    .joined(separator: " ")
                try """
                [D-BUS Service]
                Name=org.unotify.Agent
                Exec=/bin/sh -c "exec /usr/bin/env \(environment) \(UNotifyDaemonProcess.path) 2>>\(agentLog.path)"

                """.write(
                    to: session.desktop.stateDirectory.appendingPathComponent("services/org.unotify.Agent.service"),
                    atomically: true, encoding: .utf8)
                python = try await Self.pywebpushPython()
                distributor = try await Self.startDistributor(session)
                watcher = try DBusConnection(address: session.desktop.busAddress)
            }

            static func pywebpushPython() async throws -> String {
                let venv = try ChildProcess(
                    PackageRoot.url.appendingPathComponent("scripts/push/pywebpush-venv").path, [])
                guard try await venv.wait(timeout: 300) == 0 else {
                    throw TestSupportError("scripts/push/pywebpush-venv failed: \(venv.standardError)")
                }
                return venv.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            }

            static func startDistributor(_ session: MatrixSession) async throws -> ChildProcess {
                let ready = session.state.url.appendingPathComponent("distributor.ready")
                try? FileManager.default.removeItem(at: ready)  // a distributor's before it
                let process = try ChildProcess(
                    TestPushDistributor.executable.path,
                    [
                        "--ready-file", ready.path, "--log",
                        session.state.url.appendingPathComponent("distributor.log").path,
                    ], environment: session.desktop.environment)
                try await Eventually.wait(timeout: .seconds(20), "the distributor is ready") {
                    ((try? String(contentsOf: ready, encoding: .utf8)) ?? "").hasPrefix("http://127.0.0.1:")
                }
                return process
            }

            /// The app's subscription, registered through `unotify push --register`; then the agent
            /// is stopped, so that only the distributor's call can start it again.
            func registerAndStopTheAgent() async throws -> String {
                let registered = try await session.unotify(["push", "--register", PushEndToEndTests.app])
                #expect(registered.status == 0, "\(registered.stderr)")
                let pid = try await watcher.processID(of: "org.unotify.Agent")
                kill(pid_t(pid), SIGTERM)
                try await Eventually.wait(timeout: .seconds(10), "the agent leaves the bus") {
                    try await watcher.nameOwner(of: "org.unotify.Agent") == nil
                }
                return registered.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            }

            /// pywebpush sends `payload` to `subscription` `count` times; the HTTP statuses.
            func send(_ payload: String, to subscription: String, count: Int = 1) async throws -> [String] {
                let sender = try ChildProcess(
                    python,
                    [
                        PackageRoot.url.appendingPathComponent("scripts/push/webpush-send").path, subscription, payload,
                        "--count", String(count),
                    ])
                _ = try await sender.wait(timeout: 120)
                return sender.standardOutput.split(separator: "\n").map(String.init)
            }

            /// pywebpush sends `payload` to `subscription` once; the message's id on the push
            /// service (the last part of the `Location` the distributor answered with).
            func sendForID(_ payload: String, to subscription: String) async throws -> String {
                let sender = try ChildProcess(
                    python,
                    [
                        PackageRoot.url.appendingPathComponent("scripts/push/webpush-send").path, subscription, payload,
                        "--location",
                    ])
                _ = try await sender.wait(timeout: 120)
                let line = sender.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
                guard line.hasPrefix("201 "), let id = line.split(separator: "/").last, !id.isEmpty else {
                    throw TestSupportError("webpush-send printed \(line); stderr: \(sender.standardError)")
                }
                return String(id)
            }

            /// pywebpush sends `payload` to `subscription` once, signed (VAPID) with the private key
            /// in the PEM file `vapidKey`; the HTTP status.
            func sendSigned(_ payload: String, to subscription: String, vapidKey: URL) async throws -> String {
                let sender = try ChildProcess(
                    python,
                    [
                        PackageRoot.url.appendingPathComponent("scripts/push/webpush-send").path, subscription, payload,
                        "--vapid-key", vapidKey.path,
                    ])
                _ = try await sender.wait(timeout: 120)
                return sender.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            }

            /// A new P-256 key pair made by openssl, as an app server makes its VAPID keys: the
            /// private key's PEM file, and the public key in base64url (the last 65 bytes of the
            /// DER public key are the uncompressed point).
            func vapidKeyPair(_ name: String) async throws -> (pem: URL, publicKey: String) {
                try await Self.vapidKeyPair(name, in: session.state.url)
            }

            /// The same, its files in `directory`.
            static func vapidKeyPair(_ name: String, in directory: URL) async throws -> (pem: URL, publicKey: String) {
                let pem = directory.appendingPathComponent("\(name).pem")
                let make = try ChildProcess(
                    "/usr/bin/openssl", ["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", pem.path])
                guard try await make.wait(timeout: 20) == 0 else {
                    throw TestSupportError("openssl ecparam failed: \(make.standardError)")
                }
                let der = directory.appendingPathComponent("\(name).der")
                let exporting = try ChildProcess(
                    "/usr/bin/openssl", ["ec", "-in", pem.path, "-pubout", "-outform", "DER", "-out", der.path])
                guard try await exporting.wait(timeout: 20) == 0 else {
                    throw TestSupportError("openssl ec -pubout failed: \(exporting.standardError)")
                }
                let point = try Data(contentsOf: der).suffix(65)
                let key = point.base64EncodedString().replacingOccurrences(of: "+", with: "-")
                    .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
                return (pem, key)
            }

            /// Has the distributor send message `id` again, as it does with a message it holds no
            /// acknowledgement for; the HTTP status of that request.
            func redeliver(_ id: String, to subscription: String) async throws -> Int {
                let object = try JSONSerialization.jsonObject(with: Data(subscription.utf8)) as? [String: Any]
                guard let endpoint = object?["endpoint"] as? String, let base = endpoint.range(of: "/up/") else {
                    throw TestSupportError("no endpoint in \(subscription)")
                }
                let url = String(endpoint[..<base.lowerBound]) + "/control/redeliver/" + id
                return try await TestPushDistributor.post(Data("again".utf8), to: url).status
            }

            /// The agent's and the distributor's logs, for a failure's message.
            func logs() -> String {
                let agent = (try? String(contentsOf: agentLog, encoding: .utf8)) ?? "(none)"
                let log = session.state.url.appendingPathComponent("distributor.log")
                let calls = (try? String(contentsOf: log, encoding: .utf8)) ?? "(none)"
                return "agent: \(agent)\ndistributor: \(calls)\(distributor.standardError)"
            }

            /// The first `count` notifications shown; a timeout records the logs.
            func shown(count: Int) async throws -> [NotifyCall] {
                do {
                    return try await session.monitor.waitForNotify(count: count, timeout: .seconds(20))
                } catch {
                    Issue.record("\(error)\n\(logs())")
                    throw error
                }
            }

            /// The agent's count of push messages with `outcome` (its `PushStatus`).
            func count(_ outcome: String) async throws -> UInt32 { try await Self.count(outcome, on: watcher) }

            /// The count of push messages with `outcome` of the agent on `watcher`'s bus.
            static func count(_ outcome: String, on watcher: DBusConnection) async throws -> UInt32 {
                let reply = try await watcher.call(
                    .methodCall(
                        destination: "org.unotify.Agent", path: "/org/unotify/Agent", interface: "org.unotify.Agent1",
                        member: "PushStatus"))
                guard reply.body.count == 2 else { throw TestSupportError("PushStatus answered \(reply.body)") }
                return try [String: UInt32](dbusValue: reply.body[1])[outcome] ?? 0
            }

            func stop() {
                distributor.stop()
            }
        }

        @Test func aWebPushFromPywebpushStartsTheAgentShowsOnDunstAndTheClickReachesTheApp() async throws {
            let rig = try await Rig()
            defer { rig.stop() }
            try await rig.session.allow(Self.app)
            let subscription = try await rig.registerAndStopTheAgent()
            #expect(subscription.contains(#""endpoint":"http://127.0.0.1:"#), "\(subscription)")
            #expect(try await rig.send(Self.payload, to: subscription) == ["201"])
            let shown = try #require(try await rig.shown(count: 1).first)
            #expect(shown.summary == "Ann")
            #expect(shown.body == "Lunch?")
            #expect(try await rig.watcher.nameOwner(of: "org.unotify.Agent") != nil, "D-Bus activation started it")
            try await rig.session.desktop.dunstWaitDisplayed(1)
            // The app runs again and listens; dunst's own menu makes the click.
            let listen = try rig.session.start(["listen", "--app", Self.app, "--count", "1"])
            try await rig.session.desktop.dunstInvoke("default")
            #expect(try await listen.wait(timeout: 20) == 0)
            #expect(listen.standardOutput.contains(#""identifier":"push-"#), "\(listen.standardOutput)")
            #expect(
                listen.standardOutput.contains(
                    #""action":"com.apple.UNNotificationDefaultActionIdentifier","title":"Ann","body":"Lunch?""#),
                "\(listen.standardOutput)")
        }

        /// A distributor sends a message again when it holds no acknowledgement for it: after it
        /// reconnects, or when the agent died while handling it. The agent shows it once, and so
        /// does a new agent, which finds the message's id in `push-seen.journal`.
        @Test func aMessageTheDistributorSendsAgainIsShownOnceEvenByTheNextAgent() async throws {
            let rig = try await Rig()
            defer { rig.stop() }
            try await rig.session.allow(Self.app)
            let subscription = try await rig.registerAndStopTheAgent()
            let id = try await rig.sendForID(Self.payload, to: subscription)
            #expect(try await rig.shown(count: 1).map(\.summary) == ["Ann"])
            #expect(try await rig.redeliver(id, to: subscription) == 201)
            let watcher = rig.watcher
            try await Eventually.wait(timeout: .seconds(10), "the running agent drops the replay") {
                try await rig.count("replayed") == 1
            }
            // The agent dies; the distributor's next attempt starts another by D-Bus activation.
            let pid = try await watcher.processID(of: "org.unotify.Agent")
            kill(pid_t(pid), SIGKILL)
            try await Eventually.wait(timeout: .seconds(10), "the agent leaves the bus") {
                try await watcher.nameOwner(of: "org.unotify.Agent") == nil
            }
            #expect(try await rig.redeliver(id, to: subscription) == 201)
            try await Eventually.wait(timeout: .seconds(20), "the next agent drops the replay") {
                guard try await watcher.nameOwner(of: "org.unotify.Agent") != nil else { return false }
                return try await rig.count("replayed") == 1
            }
            #expect(try await watcher.processID(of: "org.unotify.Agent") != pid, "another agent")
            #expect(try await rig.count("delivered") == 0)
            #expect(rig.session.monitor.notifyCalls.map(\.summary) == ["Ann"], "\(rig.logs())")
        }

        /// The agent's state restored from a copy older than the app's registration: the
        /// distributor still has the token, the agent no longer knows it. The push is dropped and
        /// counted, nothing is shown, and the agent asks the distributor to forget the token, so
        /// the app server's next push is answered 410 Gone and it knows to stop.
        @Test func aPushForATokenTheAgentLostIsDroppedAndTheNextOneIsGone() async throws {
            let rig = try await Rig()
            defer { rig.stop() }
            try await rig.session.allow(Self.app)
            let subscription = try await rig.registerAndStopTheAgent()
            let stored = rig.session.state.url.appendingPathComponent("unotify/push.json")
            #expect(try String(contentsOf: stored, encoding: .utf8).contains(Self.app))
            try Data(#"{"version": 1, "apps": {}}"#.utf8).write(to: stored)
            #expect(try await rig.send(Self.payload, to: subscription) == ["201"])
            let log = rig.session.state.url.appendingPathComponent("distributor.log")
            try await Eventually.wait(timeout: .seconds(20), "the agent asks the distributor to unregister") {
                ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains(#""member": "Unregister""#)
            }
            #expect(try await rig.count("unknown-token") == 1)
            #expect(try await rig.send(Self.payload, to: subscription) == ["410"])
            #expect(rig.session.monitor.notifyCalls.isEmpty, "\(rig.logs())")
        }

        /// An app server that signs its pushes (VAPID, RFC 8292): `unotify push --register APP
        /// --server-key KEY` gives its public key to the distributor, whose push service then
        /// takes a push pywebpush signs with the matching private key and refuses one unsigned
        /// (401) or signed with another key (403); only the signed one is shown.
        @Test func aServerKeyRegisteredMakesThePushServiceTakeOnlyPushesSignedWithIt() async throws {
            let rig = try await Rig()
            defer { rig.stop() }
            try await rig.session.allow(Self.app)
            let server = try await rig.vapidKeyPair("server")
            let other = try await rig.vapidKeyPair("other")
            let registered = try await rig.session.unotify([
                "push", "--register", Self.app, "--server-key", server.publicKey,
            ])
            #expect(registered.status == 0, "\(registered.stderr)")
            let subscription = registered.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try await rig.send(#"{"aps": {"alert": "unsigned"}}"#, to: subscription) == ["401"])
            #expect(
                try await rig.sendSigned(#"{"aps": {"alert": "other key"}}"#, to: subscription, vapidKey: other.pem)
                    == "403")
            #expect(try await rig.sendSigned(Self.payload, to: subscription, vapidKey: server.pem) == "201")
            #expect(try await rig.shown(count: 1).map(\.summary) == ["Ann"])
            let log = rig.session.state.url.appendingPathComponent("distributor.log")
            let lines = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            #expect(lines.contains(#""vapid": "\#(server.publicKey)""#), "\(lines)")
            #expect(rig.session.monitor.notifyCalls.map(\.summary) == ["Ann"], "\(rig.logs())")
        }

        @Test func aDeniedAppsPushAndMalformedJSONAreDroppedCountedAndLoggedAndAnAllowedOneIsShown() async throws {
            let rig = try await Rig()
            defer { rig.stop() }
            #expect(try await rig.session.unotify(["settings", Self.app, "deny"]).status == 0)
            try await rig.session.allow("org.example.Other")
            let denied = try await rig.registerAndStopTheAgent()
            let other = try await rig.session.output(["push", "--register", "org.example.Other"])
            #expect(try await rig.send(Self.payload, to: denied) == ["201"])
            let otherSubscription = other.trimmingCharacters(in: .whitespacesAndNewlines)
            // Malformed aps JSON, for the allowed app: dropped and counted too.
            #expect(try await rig.send(#"{"aps": {"alert": 42}}"#, to: otherSubscription) == ["201"])
            let marker = #"{"aps": {"alert": {"title": "Marker", "body": "shown"}}}"#
            #expect(try await rig.send(marker, to: otherSubscription) == ["201"])
            let shown = try await rig.shown(count: 1)
            #expect(shown.map(\.summary) == ["Marker"], "only the allowed app's push is shown")
            #expect(try await rig.count("not-allowed") == 1)
            #expect(try await rig.count("invalid-payload") == 1)
            #expect(try await rig.count("delivered") == 1)
            let log = (try? String(contentsOf: rig.agentLog, encoding: .utf8)) ?? ""
            #expect(log.contains("aps.alert must be a string or a dictionary"), "\(log)")
        }

        @Test func aDistributorThatRestartsGivesANewEndpointThatTheAgentFollows() async throws {
            var rig = try await Rig()
            defer { rig.stop() }
            try await rig.session.allow(Self.app)
            let before = try await rig.session.output(["push", "--register", Self.app])
            rig.distributor.stop()
            // A new distributor process has forgotten every registration: the agent registers
            // again when its name appears, and the new endpoint is the app's.
            rig.distributor = try await Rig.startDistributor(rig.session)
            let session = rig.session
            try await Eventually.wait(timeout: .seconds(15), "the agent takes the new distributor's endpoint") {
                try await session.output(["push", "--register", Self.app]) != before
            }
            let after = try await session.output(["push", "--register", Self.app])
            #expect(
                try await rig.send(Self.payload, to: after.trimmingCharacters(in: .whitespacesAndNewlines)) == ["201"])
            #expect(try #require(try await rig.shown(count: 1).first).summary == "Ann")
        }

        /// The two major desktops: the push's title and body reach GNOME Shell's banner and
        /// Plasma's popup.
        @Test(arguments: [MatrixServer.gnomeShell, .plasma])
        func onGnomeShellAndPlasmaAPushFromPywebpushShowsItsTitleAndBody(_ server: MatrixServer) async throws {
            let rig = try await Rig(server)
            defer { rig.stop() }
            try await rig.session.allow(Self.app)
            let subscription = try await rig.registerAndStopTheAgent()
            #expect(try await rig.send(Self.payload, to: subscription) == ["201"])
            let shown = try #require(try await rig.shown(count: 1).first)
            #expect(shown.summary == "Ann")
            #expect(shown.body == "Lunch?")
            try await rig.session.waitForShown(1)
        }
    }
}
