import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// `unotify send --app` honours notify-send's options through the agent, or refuses them with
/// a message that says what to do: the exact `Notify` the server receives.
@Suite(.timeLimit(.minutes(1))) struct SendAppOptionsTests {
    typealias Session = ScheduleProcessTests.Session

    @Test func iconTimeoutTransientAndHintsReachTheServer() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.example.Tea", "allow"]).status == 0)
        let sent = try await session.unotify([
            "send", "--app", "org.example.Tea", "-u", "low", "-t", "5000", "-i", "dialog-information", "-e",
            "-h", "string:x-foo:bar", "-h", "int:x-count:7", "-h", "variant:x-list:[1, 2]", "-c", "", "Tea", "Ready",
        ])
        #expect(sent.status == 0, "\(sent)")
        let call = try await session.fake.nextCall()
        var hints = NotificationHints()
        hints.urgency = .low
        hints.isTransient = true
        hints.suppressSound = true
        hints.vendor = [
            "x-foo": DBusVariant("bar"), "x-count": DBusVariant(Int32(7)),
            "x-list": DBusVariant(.array(element: .int32, [.int32(1), .int32(2)])),
            "x-unotify-app-id": DBusVariant("org.example.Tea"),
        ]
        #expect(
            call.request
                == NotifyRequest(
                    appName: "Tea", appIcon: "dialog-information", summary: "Tea", body: "Ready",
                    actions: [NotificationAction(key: NotificationAction.defaultKey, label: "Open")], hints: hints,
                    expireTimeout: .milliseconds(5000)))
    }

    /// notify-send 0.8.9's `-n` is the app icon too, and wins over `-i`; `--id-fd` writes the id.
    @Test func appIconAndIdDescriptorReachTheServer() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.example.Tea", "allow"]).status == 0)
        let sent = try await session.unotify([
            "send", "--app", "org.example.Tea", "-i", "dialog-information", "-n", "tea-icon", "--id-fd", "2", "Tea",
        ])
        #expect(sent.status == 0, "\(sent)")
        let call = try await session.fake.nextCall()
        #expect(call.request.appIcon == "tea-icon")
        #expect(sent.stderr == "\(call.id.rawValue)\n")
    }

    @Test func theAgentsOwnHintsWin() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.example.Tea", "allow"]).status == 0)
        for hint in [
            "byte:urgency:2", "int:value:50", "string:sound-name:bell", "boolean:suppress-sound:false",
            "string:desktop-entry:org.example.Mail", "string:image-path:/tmp/x.png", "boolean:transient:true",
        ] {
            let refused = try await session.unotify(["send", "--app", "org.example.Tea", "-h", hint, "Tea"])
            #expect(refused.status == 1, "\(hint): \(refused)")
            #expect(refused.stderr.contains("the agent sets"), "\(hint): \(refused.stderr)")
        }
        #expect(try await session.unotify(["send", "--app", "org.example.Tea", "Later"]).status == 0)
        #expect(try await session.fake.nextCall().request.summary == "Later")
    }

    @Test(arguments: [
        (["-a", "Mail"], "desktop file"), (["-r", "5"], "--id"),
        (["-h", "string:x-a:b", "--in", "1h"], "-h"), (["--selected-action-fd", "1"], "--selected-action-fd"),
        (["--activation-token-fd", "1"], "--activation-token-fd"),
    ])
    func optionsTheAgentCannotHonourAreRefused(options: [String], advice: String) async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.example.Tea", "allow"]).status == 0)
        let refused = try await session.unotify(["send", "--app", "org.example.Tea"] + options + ["Tea"])
        #expect(refused.status == 1, "\(options): \(refused)")
        #expect(refused.stderr.contains(advice), "\(options): \(refused.stderr)")
        #expect(try await session.unotify(["send", "--app", "org.example.Tea", "Later"]).status == 0)
        #expect(try await session.fake.nextCall().request.summary == "Later")
    }
}
