import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// The typed-reply fallback outlives what the server does after the click: notification-daemon
/// and xfce4-notifyd close a clicked popup (`ActionInvoked`, then `NotificationClosed(2)`), and a
/// server can go away and another start before the user types the reply. The number shown in
/// "Reply to …" still answers, exactly once; the waiting replies are bounded in number.
// The limit guards against a hang, not a speed: the limit case delivers and clicks 33 popups,
// which one run with unbounded test parallelism beside two busy loops took past 1 min.
@Suite(.timeLimit(.minutes(3))) struct AgentTypedReplySurvivalTests {
    /// The number `unotify reply` was told, refused: the agent's message.
    static func refusal(_ client: AgentClient, _ number: String) async -> String? {
        do {
            try await client.reply(token: number, text: "late")
            return nil
        } catch let error as AgentError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func aReplyTypedAfterTheServerClosedTheClickedPopupReachesTheApp() async throws {
        let rig = try await AgentResponseTests.authorizedRig()
        var responses = try await rig.client.listen(app: "org.example.Chat").makeAsyncIterator()
        let call = try await AgentResponseTests.deliver(rig)
        try await rig.fake.emit(.activationToken(call.id, token: "token-1"))
        try await rig.fake.emit(.actionInvoked(call.id, actionKey: "reply"))
        try await rig.fake.emit(.closed(call.id, .dismissed))  // notification-daemon, xfce4-notifyd
        let instructions = try await rig.fake.nextCall()
        let number = try #require(AgentReplyNumberTests.number(in: instructions.request.body))
        _ = try await rig.closedBeforeMarker()  // the close has been handled
        try await rig.client.reply(token: number, text: "On my way")
        let reply = try await responses.next()
        #expect(reply?.actionIdentifier == "reply", "the click was answered, not dismissed")
        #expect(reply?.userText == "On my way")
        #expect(reply?.request.identifier == "m1")
        #expect(reply?.activationToken == "token-1")
        // The "Reply to …" notification has done its work.
        try await rig.fake.waitForClose(of: instructions.id)
        // Exactly one response: the next one is another notification's.
        let second = try await AgentResponseTests.deliver(rig, "m2")
        try await rig.fake.emit(.actionInvoked(second.id, actionKey: "snooze"))
        let next = try await responses.next()
        #expect(next?.request.identifier == "m2" && next?.actionIdentifier == "snooze")
    }

    @Test func aReplyTypedAfterTheServerWentAwayAndAnotherStartedReachesTheApp() async throws {
        let rig = try await AgentServerRestartTests.Rig()
        let serverA = try await rig.startServer()
        try await rig.authorize("org.example.Chat")
        try await rig.client.setCategories(app: "org.example.Chat", json: AgentResponseTests.categories)
        var responses = try await rig.client.listen(app: "org.example.Chat").makeAsyncIterator()
        _ = try await rig.client.add(
            app: "org.example.Chat",
            request: DeliveryRequest(identifier: "m1", title: "Ann", body: "Lunch?", categoryIdentifier: "message"))
        let call = try await serverA.nextCall()
        try await serverA.emit(.actionInvoked(call.id, actionKey: "reply"))
        let instructions = try await serverA.nextCall()
        let number = try #require(AgentReplyNumberTests.number(in: instructions.request.body))
        await serverA.stop()
        try await rig.waitUntilNoServer()
        let agent = rig.agent
        try await Eventually.wait(timeout: .seconds(10), "the agent forgot what the old server showed") {
            await agent.shown.delivered.isEmpty
        }
        let serverB = try await rig.startServer()
        try await rig.client.reply(token: number, text: "On my way")
        let reply = try await responses.next()
        #expect(reply?.actionIdentifier == "reply")
        #expect(reply?.userText == "On my way")
        #expect(reply?.request.identifier == "m1")
        // Nothing reaches the new server: its ids are other notifications.
        #expect(serverB.closedIDs.isEmpty)
        await serverB.stop()
    }

    /// At most `PendingReplies.limit` replies wait: one more drops the oldest, whose "Reply to …"
    /// notification is closed (its number would answer nothing), and its number is refused.
    @Test func theOldestWaitingReplyIsDroppedBeyondTheLimit() async throws {
        let rig = try await AgentResponseTests.authorizedRig()
        var responses = try await rig.client.listen(app: "org.example.Chat").makeAsyncIterator()
        var numbers: [String] = []
        var firstInstructions: ServerNotificationID?
        for index in 0...PendingReplies.limit {
            let call = try await AgentResponseTests.deliver(rig, "m\(index)")
            try await rig.fake.emit(.actionInvoked(call.id, actionKey: "reply"))
            let instructions = try await rig.fake.nextCall()
            if firstInstructions == nil { firstInstructions = instructions.id }
            numbers.append(try #require(AgentReplyNumberTests.number(in: instructions.request.body)))
        }
        #expect(await rig.agent.shown.replies.count == PendingReplies.limit)
        try await rig.fake.waitForClose(of: try #require(firstInstructions))
        let refused = await Self.refusal(rig.client, numbers[0])
        #expect(refused?.contains("no reply is waiting") == true, "\(refused ?? "taken")")
        try await rig.client.reply(token: numbers[1], text: "Second")
        let reply = try await responses.next()
        #expect(reply?.request.identifier == "m1" && reply?.userText == "Second")
    }
}
