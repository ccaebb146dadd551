import Foundation
import Testing
import TestSupport
import UserNotifications

/// KDE's inline reply on the real Plasma popup (`test-desktop up plasma`): an app's
/// `UNTextInputNotificationAction` becomes Plasma's reply field, and text typed into that field
/// with xdotool comes back to `unotify listen` with its text and to the app's delegate as a
/// `UNTextInputNotificationResponse`. The second case's first click on the reply button misses
/// (as when the popup moves under the pointer, seen beside two busy loops): the reply still
/// arrives, as a person's would who clicks again.
@Suite(.serialized, .timeLimit(.minutes(3))) struct PlasmaInlineReplyEndToEndTests {
    @Test(arguments: [false, true])
    func aReplyTypedIntoPlasmasFieldReachesListenAndTheDelegate(missingTheFirstClick: Bool) async throws {
        let session = try await MatrixSession(.plasma)
        let app = "org.example.Chat"
        try await session.allow(app)
        // Critical, so that Plasma keeps the popup until it is answered: a normal one expires
        // after about 5 s unless hovered, and in a full run, with every suite's desktop busy,
        // the popup was gone before its reply button was found ("no stable popup … the last saw
        // 0 popup(s)").
        let critical = try await session.unotify(["settings", app, "--critical-alert", "on"])
        #expect(critical.status == 0, "\(critical.stderr)")
        let center = UNUserNotificationCenter(
            appIdentifier: app, backend: AgentBackend(address: session.desktop.busAddress))
        let reply = UNTextInputNotificationAction(
            identifier: "reply", title: "Reply", options: [],
            textInputButtonTitle: "Send", textInputPlaceholder: "Message")
        let like = UNNotificationAction(identifier: "like", title: "Like")
        center.setNotificationCategories([
            UNNotificationCategory(
                identifier: "message", actions: [like, reply],
                intentIdentifiers: [])
        ])
        #expect(await center.notificationCategories().map(\.identifier) == ["message"])
        let delegate = APICompletionDelegate()
        center.delegate = delegate
        let listen = try session.start(["listen", "--app", app, "--count", "1"])
        try await Eventually.wait(timeout: .seconds(10), "listen and the delegate both listen") {
            session.monitor.messages.filter { $0.kind == "method call" && $0.member == "Listen" }.count == 2
        }

        let content = UNMutableNotificationContent()
        content.title = "Ann"
        content.body = "Lunch?"
        content.interruptionLevel = .critical
        content.categoryIdentifier = "message"
        try await center.add(UNNotificationRequest(identifier: "m1", content: content, trigger: nil))
        let notify = try #require(try await session.monitor.waitForNotify(count: 1).first)
        #expect(notify.actions == ["default", "Open", "like", "Like", "inline-reply", "Reply"])
        #expect(
            notify.hintKeys.contains("x-kde-reply-placeholder-text")
                && notify.hintKeys.contains("x-kde-reply-submit-button-text"))

        try await session.desktop.typeInlineReply(
            "Yes, at noon & 1 more", buttons: 2, missingTheFirstClick: missingTheFirstClick)
        #expect(try await listen.wait(timeout: 20) == 0)
        #expect(listen.standardOutput.contains(#""identifier":"m1","action":"reply""#), "\(listen.standardOutput)")
        #expect(listen.standardOutput.contains(#""text":"Yes, at noon & 1 more""#), "\(listen.standardOutput)")
        let events = delegate.events
        let received = try await Deadline.run(within: .seconds(10), "the delegate's response") {
            var events = events.makeAsyncIterator()
            // The app runs, so the center asked its delegate first whether to show it (willPresent).
            while let event = await events.next() { if event.hasPrefix("didReceive") { return event } }
            return "the delegate's stream ended"
        }
        #expect(received == #"didReceive m1 reply "Yes, at noon & 1 more""#)
        try await session.waitForShown(0)  // the answered popup leaves the screen
    }
}
