import Foundation
import Testing
import TestSupport

/// The sandboxed app on Phosh 0.58 (Debian sid) through sid's real portal, xdg-desktop-portal
/// 1.22 with Phosh's own backend, the one backend that implements the portal's version 2: what
/// the version 2 options the library sends become on the real server, as phosh receives them
/// from the backend over `org.freedesktop.Notifications` and plays them through feedbackd.
@Suite(.timeLimit(.minutes(4))) struct PhoshPortalEndToEndTests {
    static let app = "org.example.Sandboxed"

    @Test func aMessageWithAReplyActionOnTheVersionTwoPortal() async throws {
        let entries = try TemporaryDirectory("portal-desktop-entry")
        let entry = entries.path + "/\(Self.app).desktop"
        try "[Desktop Entry]\nType=Application\nName=Sandboxed Chat\nExec=/usr/bin/env tea-alone\n"
            .write(toFile: entry, atomically: true, encoding: .utf8)
        let desktop = try await TestDesktop(server: "phosh-0.58", environment: ["DESKTOP_PORTAL": "phosh"])
        defer { desktop.stop() }
        let monitor = try await BusMonitor(address: desktop.busAddress)
        let runtime = try #require(desktop.variables["DESKTOP_PORTAL_RUNTIME_DIR"])
        let proxy = try await FlatpakBusProxy(app: Self.app, busAddress: desktop.busAddress)
        let sandboxed = try SandboxedTea(
            in: proxy, on: desktop, ["message"], portalRuntime: runtime, desktopEntry: entry)
        defer { sandboxed.stop() }
        let app = sandboxed.process

        // The prompt, through the portal: it names what the user can reach from a sandbox.
        let prompt: NotifyCall
        do {
            prompt = try #require(try await monitor.waitForNotify(count: 1).first)
        } catch {
            throw TestSupportError("no prompt (\(error)); the app said: \(app.standardOutput) \(app.standardError)")
        }
        #expect(prompt.body.contains("the desktop’s notification settings for this app"), "\(prompt)")
        #expect(!prompt.body.contains("unotify"), "\(prompt)")
        #expect(prompt.actions.count == 4, "\(prompt)")  // Allow, Don't Allow: keys and labels
        try await desktop.phoshClickButton(index: 0, of: 2)
        _ = try await app.waitForLine(timeout: 30) { $0 == "authorized" }
        _ = try await app.waitForLine(timeout: 30) { $0 == "shown" }

        // The message, as phosh received it from the portal's backend.
        let calls = try await monitor.waitForNotify(count: 2)
        let message = try #require(calls.first { $0.summary == "Ana" }, "\(calls.map(\.summary))")
        #expect(message.body == "See you at six?", "\(message)")
        // The text-input action is a button with the reply purpose, under the instant-message
        // category: phosh gets the category as the specification's hint, and the button as an
        // ordinary one (the backend drops the purpose: no reply field).
        #expect(message.hints["category"] == "im.received", "\(message)")
        #expect(message.actions.contains("Reply"), "\(message)")
        #expect(message.hints["urgency"] == "1", "\(message)")
        // The sound reaches phosh as no hint (the library sends `silent` and plays the sound
        // itself, since 1.20's version 2 does not say the backend plays it; the backend drops
        // the option): phosh plays the category's sound through feedbackd.
        #expect(!message.hintKeys.contains("sound-name") && !message.hintKeys.contains("sound-file"), "\(message)")
        let feedback = monitor.messages.filter { $0.member == "TriggerFeedback" }.compactMap { $0.scalar(1) }
        #expect(feedback.contains("message-new-instant"), "\(feedback)")

        // Reply, tapped on phosh's banner: the backend activates the app's action with no text,
        // and in a sandbox (no `unotify reply` there) the delegate hears it with empty text.
        try await desktop.phoshClickButton(index: 0, of: 1)
        let answer = try await app.waitForLine(timeout: 30) { $0.hasPrefix("response: ") }
        #expect(answer == "response: reply text: ", "\(answer)")
        #expect(try await app.wait(timeout: 30) == 0, "\(app.standardError)")
        #expect(!monitor.notifyCalls.contains { $0.summary.hasPrefix("Reply to") }, "\(monitor.notifyCalls)")
    }

    /// `unotify send` in the sandbox: the display hint and the category go as version 2
    /// options, and phosh receives them as the specification's hints; the body is sent plain
    /// (`body`, never `markup-body`), and phosh, which reads markup, draws it.
    @Test func unotifySendsHintsAndCategoryAsVersionTwoOptions() async throws {
        let desktop = try await TestDesktop(server: "phosh-0.58", environment: ["DESKTOP_PORTAL": "phosh"])
        defer { desktop.stop() }
        let monitor = try await BusMonitor(address: desktop.busAddress)
        let runtime = try #require(desktop.variables["DESKTOP_PORTAL_RUNTIME_DIR"])
        let proxy = try await FlatpakBusProxy(app: Self.app, busAddress: desktop.busAddress)
        let arguments = [
            ["send", "-e", "-c", "im.received", "-u", "critical", "Ana", "<b>See</b> you at six?"],
            ["send", "-c", "email.arrived", "-u", "low", "Mail", "one new"],
        ]
        for argument in arguments {
            let send = try proxy.start(
                UNotifyProcess.path, argument, environment: desktop.environment, portalRuntime: runtime)
            defer { send.stop(grace: 1) }
            #expect(try await send.wait(timeout: 30) == 0, "\(send.standardError)")
        }
        let calls = try await monitor.waitForNotify(count: 2)
        let ana = try #require(calls.first { $0.summary == "Ana" }, "\(calls)")
        #expect(ana.body == "<b>See</b> you at six?", "\(ana)")
        #expect(ana.hints["category"] == "im.received", "\(ana)")
        #expect(ana.hints["transient"] == "true", "\(ana)")
        #expect(ana.hints["urgency"] == "2", "\(ana)")
        // A specification category the portal does not have is left out (the portal would
        // refuse the notification for it).
        let mail = try #require(calls.first { $0.summary == "Mail" }, "\(calls)")
        #expect(mail.hints["category"] == nil, "\(mail)")
        #expect(mail.hints["urgency"] == "0", "\(mail)")
    }
}
