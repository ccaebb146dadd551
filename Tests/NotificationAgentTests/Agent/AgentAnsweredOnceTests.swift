import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// An answered notification gives exactly one response. notification-daemon and xfce4-notifyd
/// close a clicked popup and say so with `NotificationClosed(2)`, the reason a user's dismissal
/// has: after a click that close is no dismissal, even for a category with
/// `customDismissAction` (`AgentResponseTests.categories` has it); a second click on the same
/// notification is no second answer.
@Suite(.timeLimit(.minutes(1))) struct AgentAnsweredOnceTests {
    /// Answers a new notification (a click on `key` twice, or Plasma's inline reply), then the
    /// server closes it as dismissed; returns the responses up to a marker notification's
    /// dismissal, as "IDENTIFIER ACTION", and the summaries of the notifications shown before
    /// the marker.
    static func responses(
        answering: (AgentTests.Rig, FakeNotificationServer.Call) async throws -> Void, rig: AgentTests.Rig
    ) async throws -> (responses: [String], shown: [String]) {
        let stream = try await rig.client.listen(app: "org.example.Chat")
        let call = try await AgentResponseTests.deliver(rig, "m1")
        try await answering(rig, call)
        try await rig.fake.emit(.closed(call.id, .dismissed))
        _ = try await rig.client.add(
            app: "org.example.Chat",
            request: DeliveryRequest(identifier: "marker", title: "Marker", body: "", categoryIdentifier: "message"))
        var shown: [String] = []
        var marker = try await rig.fake.nextCall()
        while marker.request.summary != "Marker" {
            shown.append(marker.request.summary)
            marker = try await rig.fake.nextCall()
        }
        try await rig.fake.emit(.closed(marker.id, .dismissed))
        let responses = try await Deadline.run(within: .seconds(10), "the marker's dismissal") {
            var seen: [String] = []
            for try await record in stream {
                seen.append("\(record.request.identifier) \(record.actionIdentifier)")
                if record.request.identifier == "marker" { break }
            }
            return seen
        }
        return (responses, shown)
    }

    static func clickedTwice(_ key: String) -> (AgentTests.Rig, FakeNotificationServer.Call) async throws -> Void {
        { rig, call in
            try await rig.fake.emit(.actionInvoked(call.id, actionKey: key))
            try await rig.fake.emit(.actionInvoked(call.id, actionKey: key))
        }
    }

    static let dismissed = "marker \(ResponseRecord.dismissActionIdentifier)"

    @Test func aPlainActionThenTheServersCloseIsOneResponse() async throws {
        let seen = try await Self.responses(
            answering: Self.clickedTwice("snooze"), rig: AgentResponseTests.authorizedRig()
        ).responses
        #expect(seen == ["m1 snooze", Self.dismissed])
    }

    @Test func theDefaultActionThenTheServersCloseIsOneResponse() async throws {
        let seen = try await Self.responses(
            answering: Self.clickedTwice("default"), rig: AgentResponseTests.authorizedRig()
        ).responses
        #expect(seen == ["m1 \(ResponseRecord.defaultActionIdentifier)", Self.dismissed])
    }

    /// The text-input action's response is the typed reply, which has not come yet: nothing
    /// before the marker, and one "Reply to …" notification for the two clicks. The first is
    /// waited for before the marker is sent (the agent posts it while it handles the click, and
    /// the marker's `Add` may overtake it); a second, for the second click, would be shown before
    /// one of the two markers.
    @Test func aTextInputActionThenTheServersCloseIsNoDismissal() async throws {
        let rig = try await AgentResponseTests.authorizedRig()
        let (seen, shown) = try await Self.responses(
            answering: { rig, call in
                try await Self.clickedTwice("reply")(rig, call)
                #expect(try await rig.fake.nextCall().request.summary == "Reply to “Ann”")
            }, rig: rig)
        #expect(seen == [Self.dismissed])
        #expect(shown == [], "a second 'Reply to' was shown")
        #expect(try await rig.shownBeforeMarker() == [], "a second 'Reply to' was shown")
    }

    @Test func anInlineReplyThenTheServersCloseIsOneResponse() async throws {
        let rig = try await AgentResponseTests.authorizedRig(capabilities: ["actions", "body", "inline-reply"])
        let seen = try await Self.responses(
            answering: { rig, call in try await rig.fake.emit(.replied(call.id, text: "Yes")) }, rig: rig
        ).responses
        #expect(seen == ["m1 reply", Self.dismissed])
    }
}
