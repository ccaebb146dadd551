import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// The built `unotify send`, run as a process against a fake server on a private bus: the exact
/// `Notify` arguments, the output and the exit status of notify-send's contract.
@Suite(.timeLimit(.minutes(1))) struct SendCommandTests {
    @Test func sendsExactlyWhatNotifySendWould() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let process = try UNotifyProcess.start(
            [
                "send", "-u", "critical", "-t", "5000", "-a", "MyApp", "-i", "dialog-info", "-c", "im,email", "-e",
                "-h", "int:value:42", "-h", "string:x-foo:bar", "-r", "9", "Sum & <b>mary</b>",
                "Body\\nline2\\tTab\\101",
            ],
            busAddress: bus.address)
        #expect(try await process.wait(timeout: 20) == 0)
        let call = try await fake.nextCall()
        var hints = NotificationHints()
        hints.urgency = .critical
        hints.category = "im,email"
        hints.isTransient = true
        hints.vendor = ["value": DBusVariant(Int32(42)), "x-foo": DBusVariant("bar")]
        hints.senderPID = Int64(process.pid)
        // notify-send 0.8.9 sends -i as the image-path hint (the server's specification is 1.2).
        hints.imagePath = "dialog-info"
        #expect(
            call.request
                == NotifyRequest(
                    appName: "MyApp", replacesID: ServerNotificationID(rawValue: 9), appIcon: "",
                    summary: "Sum & <b>mary</b>", body: "Body\nline2\tTabA", hints: hints,
                    expireTimeout: .milliseconds(5000)))
        #expect(process.standardOutput == "")
    }

    @Test func defaultsMatchNotifySend() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let result = try await UNotifyProcess.run(["send", "-p", "Only a summary"], busAddress: bus.address)
        let call = try await fake.nextCall()
        #expect(result.status == 0)
        #expect(result.stdout == "\(call.id.rawValue)\n")
        #expect(call.request.appName == "unotify")
        #expect(call.request.body == "")
        #expect(call.request.hints.urgency == .normal)
        #expect(call.request.expireTimeout == .serverDefault)
        #expect(call.request.actions.isEmpty)
    }

    @Test func printsTheChosenActionAndClosesTheNotification() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let process = try UNotifyProcess.start(
            ["send", "-A", "open=Open", "-A", "Later", "Build done"], busAddress: bus.address)
        let call = try await fake.nextCall()
        #expect(
            call.request.actions == [
                // notify-send 0.8.9 counts unnamed actions from 1 (0.8.1 from 0).
                NotificationAction(key: "open", label: "Open"), NotificationAction(key: "2", label: "Later"),
            ])
        try await fake.emit(.actionInvoked(call.id, actionKey: "open"))
        #expect(try await process.wait(timeout: 10) == 0)
        #expect(process.standardOutput == "open\n")
        try await fake.waitForClose(of: call.id)
    }

    @Test func ignoresALookAlikeActionFromAnotherConnection() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let spoofer = try DBusConnection(address: bus.address)
        let process = try UNotifyProcess.start(
            ["send", "-A", "yes=Yes", "-A", "no=No", "Proceed?"], busAddress: bus.address)
        let call = try await fake.nextCall()
        var spoof = ServerEvent.actionInvoked(call.id, actionKey: "yes").signal
        spoof.destination = try BusName(validating: call.sender)
        try await spoofer.send(spoof)
        try await spoofer.send(ServerEvent.actionInvoked(call.id, actionKey: "yes").signal)
        try await fake.emit(.actionInvoked(call.id, actionKey: "no"))
        #expect(try await process.wait(timeout: 10) == 0)
        #expect(process.standardOutput == "no\n")
    }

    @Test func waitEndsWhenTheNotificationIsClosed() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let process = try UNotifyProcess.start(["send", "-w", "-p", "Wait for me"], busAddress: bus.address)
        let call = try await fake.nextCall()
        try await fake.emit(.closed(ServerNotificationID(rawValue: call.id.rawValue + 100), .dismissed))
        try await fake.emit(.closed(call.id, .dismissed))
        #expect(try await process.wait(timeout: 10) == 0)
        #expect(process.standardOutput == "\(call.id.rawValue)\n")
    }

    @Test func waitEndsAtTheExpireTimeout() async throws {
        let bus = try PrivateBus()
        _ = try await FakeNotificationServer(address: bus.address)
        let result = try await UNotifyProcess.run(["send", "-w", "-t", "300", "Short"], busAddress: bus.address)
        #expect(result.status == 0)
        #expect(result.stderr == "Wait timeout expired\n")
    }

    @Test func sigintClosesTheNotification() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let process = try UNotifyProcess.start(["send", "-w", "Interrupt me"], busAddress: bus.address)
        let call = try await fake.nextCall()
        process.send(SIGINT)
        #expect(try await process.wait(timeout: 10) == 0)
        #expect(process.standardError == "Wait cancelled, closing notification\n")
        try await fake.waitForClose(of: call.id)
    }

    @Test func actionsOnAServerWithoutThemShowTheNotificationAndFail() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address, capabilities: ["body"])
        let result = try await UNotifyProcess.run(["send", "-A", "ok=OK", "No buttons here"], busAddress: bus.address)
        let call = try await fake.nextCall()
        #expect(call.request.actions.isEmpty)
        #expect(result.status == 1)
        #expect(
            result.stderr == "Actions are not supported by this notifications server. Displaying non-interactively.\n")
    }

    @Test func theServerLeavingEndsAWait() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let process = try UNotifyProcess.start(["send", "-w", "-p", "Server will go"], busAddress: bus.address)
        _ = try await fake.nextCall()
        // The CLI has the server's answer (it printed the id): now it only waits.
        _ = try await process.waitForLine(timeout: 10) { Int($0) != nil }
        await fake.stop()
        #expect(try await process.wait(timeout: 10) == 1)
        #expect(process.standardError.contains("left the bus"))
    }

    @Test(arguments: [
        (
            ["send", "-u", "urgent", "x"],
            "Unknown urgency urgent specified. Known urgency levels: low, normal, critical.\n"
        ),
        (["send"], "No summary specified.\n"),
        (["send", "a", "b", "c"], "Invalid number of options.\n"),
        (["send", "-h", "int:value:x", "s"], "Value \"x\" of hint \"value\" could not be parsed as type \"int\".\n"),
        (["send", "-h", "bad", "s"], "Invalid hint syntax specified. Use TYPE:NAME:VALUE.\n"),
    ])
    func badInputIsOneLineAndExitOne(_ arguments: [String], _ message: String) async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let result = try await UNotifyProcess.run(arguments, busAddress: bus.address)
        #expect(result.status == 1)
        #expect(result.stderr == message)
        #expect(result.stdout == "")
        // A good send after the bad one: the server must get it and nothing before it.
        #expect(try await UNotifyProcess.run(["send", "Marker"], busAddress: bus.address).status == 0)
        #expect(try await fake.calls(before: "Marker").isEmpty, "bad input reached the server")
    }

    @Test func noServerAndNoBusAreClearErrorsWithExitTwo() async throws {
        let bus = try PrivateBus()
        let noServer = try await UNotifyProcess.run(["send", "x"], busAddress: bus.address)
        #expect(noServer.status == 2)
        #expect(noServer.stderr.hasPrefix("unotify: no notification server is running"))
        let noBus = try await UNotifyProcess.run(["send", "x"], busAddress: nil)
        #expect(noBus.status == 2)
        #expect(noBus.stderr.hasPrefix("unotify: no session bus"))
    }

    /// A session bus whose daemon is stopped: `unotify send` hung for good in libdbus's
    /// handshake. It now gives up after the bus's 25 s, as when there is no bus (exit 2).
    @Test func aStoppedSessionBusIsAClearErrorAtItsDeadline() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        bus.pause()
        defer { bus.resume() }
        let result = try await UNotifyProcess.run(["send", "x"], busAddress: bus.address, timeout: 45)
        #expect(result.status == 2)
        #expect(result.stderr.contains("did not answer within 25"), "\(result.stderr)")
        #expect(result.stderr.contains("dbus-daemon is stopped or overloaded"), "\(result.stderr)")
    }

    @Test func invalidUTF8IsRefused() async throws {
        let bus = try PrivateBus()
        let process = try ChildProcess(
            "/bin/sh", ["-c", "exec \"$0\" send \"$(printf 'bad \\377 byte')\"", UNotifyProcess.path],
            environment: bus.environment)
        #expect(try await process.wait(timeout: 10) == 1)
        #expect(process.standardError.contains("not valid UTF-8"))
    }
}
