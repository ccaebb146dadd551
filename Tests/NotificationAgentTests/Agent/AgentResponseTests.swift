import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// Categories and the user's responses, through the agent and a fake server.
@Suite(.timeLimit(.minutes(1))) struct AgentResponseTests {
    static let categories = """
        [{"identifier": "message", "options": ["customDismissAction"],
          "actions": [{"identifier": "snooze", "title": "Snooze"},
                      {"identifier": "reply", "title": "Reply", "textInput": {"buttonTitle": "Send", "placeholder": "Message"}}]}]
        """

    static func authorizedRig(
        capabilities: [String] = ["actions", "body", "body-markup"],
        monotonicClock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) async throws -> AgentTests.Rig {
        let rig = try await AgentTests.Rig(capabilities: capabilities, monotonicClock: monotonicClock)
        _ = try await rig.client.setSettings(
            app: "org.example.Chat", changes: AppSettings.authorized(requesting: [.alert]).wire)
        try await rig.client.setCategories(app: "org.example.Chat", json: categories)
        return rig
    }

    static func deliver(_ rig: AgentTests.Rig, _ identifier: String = "m1") async throws -> FakeNotificationServer.Call
    {
        _ = try await rig.client.add(
            app: "org.example.Chat",
            request: DeliveryRequest(
                identifier: identifier, title: "Ann", body: "Lunch?", categoryIdentifier: "message"))
        return try await rig.fake.nextCall()
    }

    @Test func categoryActionsReachTheServerAndClicksReachTheListener() async throws {
        let rig = try await Self.authorizedRig()
        var responses = try await rig.client.listen(app: "org.example.Chat").makeAsyncIterator()
        let call = try await Self.deliver(rig)
        #expect(call.request.actions.map(\.key) == ["default", "snooze", "reply"])
        try await rig.fake.emit(.actionInvoked(call.id, actionKey: "snooze"))
        let snooze = try await responses.next()
        #expect(snooze?.actionIdentifier == "snooze")
        #expect(snooze?.request.identifier == "m1")
        // Answered, it leaves the screen: the agent closes it (lxqt-notificationd keeps it).
        try await rig.fake.waitForClose(of: call.id)
        let second = try await Self.deliver(rig, "m2")
        try await rig.fake.emit(.actionInvoked(second.id, actionKey: "default"))
        #expect(try await responses.next()?.actionIdentifier == ResponseRecord.defaultActionIdentifier)
        try await rig.fake.waitForClose(of: second.id)
        let third = try await Self.deliver(rig, "m3")
        try await rig.fake.emit(.closed(third.id, .dismissed))
        #expect(try await responses.next()?.actionIdentifier == ResponseRecord.dismissActionIdentifier)
        #expect(try await !rig.closedBeforeMarker().contains(third.id), "a dismissed notification is not closed again")
    }

    @Test func responsesWhileNoOneListensAreKeptUntilTheAppListens() async throws {
        let rig = try await Self.authorizedRig()
        let call = try await Self.deliver(rig)
        try await rig.fake.emit(.actionInvoked(call.id, actionKey: "snooze"))
        // The agent closes an answered notification after routing its response: once the close
        // has come, the response was routed while no one listened, so only the queue can hand it
        // to the listener below.
        try await rig.fake.waitForClose(of: call.id)
        let responses = try await rig.client.listen(app: "org.example.Chat")
        let queued = try await Deadline.run(within: .seconds(10), "the queued response") {
            var iterator = responses.makeAsyncIterator()
            return try await iterator.next()
        }
        #expect(queued?.actionIdentifier == "snooze")
        #expect(queued?.request.identifier == "m1")
    }

    @Test func inlineReplyTextComesBackAsATextResponse() async throws {
        let rig = try await Self.authorizedRig(capabilities: ["actions", "body", "inline-reply"])
        var responses = try await rig.client.listen(app: "org.example.Chat").makeAsyncIterator()
        let call = try await Self.deliver(rig)
        #expect(call.request.actions.map(\.key) == ["default", "snooze", "inline-reply"])
        try await rig.fake.emit(.replied(call.id, text: "Yes, 12:30"))
        let reply = try await responses.next()
        #expect(reply?.actionIdentifier == "reply")
        #expect(reply?.userText == "Yes, 12:30")
    }

    @Test func withoutInlineReplyTheFallbackAsksForTheTextByCommand() async throws {
        let rig = try await Self.authorizedRig()
        var responses = try await rig.client.listen(app: "org.example.Chat").makeAsyncIterator()
        let call = try await Self.deliver(rig)
        try await rig.fake.emit(.actionInvoked(call.id, actionKey: "reply"))
        let instructions = try await rig.fake.nextCall()
        #expect(instructions.request.summary == "Reply to “Ann”")
        let token = try #require(AgentReplyNumberTests.number(in: instructions.request.body))
        try await rig.client.reply(token: token, text: "On my way")
        let reply = try await responses.next()
        #expect(reply?.actionIdentifier == "reply")
        #expect(reply?.userText == "On my way")
        await #expect(throws: AgentError.self) { try await rig.client.reply(token: token, text: "again") }
    }

    @Test func badCategoriesAreRefusedWithAReason() async throws {
        let rig = try await Self.authorizedRig()
        let error = await #expect(throws: AgentError.self) {
            try await rig.client.setCategories(
                app: "org.example.Chat", json: #"[{"identifier": "x", "options": ["loud"]}]"#)
        }
        #expect(error?.message.contains("loud") == true)
        #expect(try await rig.client.categoriesJSON(app: "org.example.Chat").contains("snooze"))
    }

    @Test func theAppleAPIRoundTripsCategoriesAndGetsResponses() async throws {
        let rig = try await Self.authorizedRig()
        let center = UNUserNotificationCenter(
            appIdentifier: "org.example.Chat", backend: AgentBackend(address: rig.bus.address))
        let reply = UNTextInputNotificationAction(
            identifier: "reply", title: "Reply", options: [.foreground],
            textInputButtonTitle: "Send", textInputPlaceholder: "Message")
        center.setNotificationCategories([
            UNNotificationCategory(
                identifier: "message", actions: [reply], intentIdentifiers: [],
                options: [.customDismissAction])
        ])
        let categories = await center.notificationCategories()
        #expect(categories.map(\.identifier) == ["message"])
        #expect((categories.first?.actions.first as? UNTextInputNotificationAction)?.textInputPlaceholder == "Message")
        #expect(categories.first?.options == [.customDismissAction])
    }
}
