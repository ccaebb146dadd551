import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// The agent in-process against a fake notification server on a private bus: prompts are real
/// `Notify` calls, clicks are real signals from the server's connection.
@Suite(.timeLimit(.minutes(1))) struct AgentTests {
    /// A private bus with a fake server, an agent and a client.
    typealias Rig = AgentRig

    @Test func theFirstRequestShowsALocalizedPromptThatDoesNotExpire() async throws {
        let rig = try await Rig()
        let (prompt, waiting) = try await rig.request("org.example.Tea")
        #expect(prompt.request.summary == "Tea")
        #expect(prompt.request.body.hasPrefix("“Tea” would like to send you notifications."))
        // No desktop settings store here: the prompt names the command, not a Settings app.
        #expect(
            prompt.request.body.hasSuffix(
                "These can be configured in a terminal with: unotify settings org.example.Tea."),
            "\(prompt.request.body)")
        #expect(prompt.request.actions.map(\.key) == ["allow", "deny"])
        #expect(prompt.request.actions.map(\.label) == ["Allow", "Don’t Allow"])
        #expect(prompt.request.expireTimeout == .never)
        #expect(prompt.request.hints.urgency == .critical)
        try await rig.fake.emit(.actionInvoked(prompt.id, actionKey: "allow"))
        let answer = try await waiting.value
        #expect(answer.granted)
        #expect(answer.status == .authorized)
        let settings = try await rig.client.settings(app: "org.example.Tea")
        #expect(settings == AppSettings.authorized(requesting: [.alert, .sound, .badge]))
        try await rig.fake.waitForClose(of: prompt.id)
    }

    /// Budgie keeps a notification sent with 0 only 6 s, one sent with 12000 12 s (measured):
    /// the prompt goes with 12000, so the user has the longest time Budgie gives to answer it.
    @Test func onBudgieThePromptGoesWithTheLongestTimeBudgieKeepsAny() async throws {
        let rig = try await Rig(
            capabilities: ["actions", "body", "body-markup", "sound"],
            information: ServerInformation(
                name: "Budgie Notification Server", vendor: "Budgie Desktop Developers", version: "10.7.1",
                specVersion: "1.2"))
        let (prompt, waiting) = try await rig.request("org.example.Tea")
        #expect(prompt.request.expireTimeout == .milliseconds(12000))
        try await rig.fake.emit(.actionInvoked(prompt.id, actionKey: "allow"))
        #expect(try await waiting.value.granted)
    }

    /// notification-daemon leaves a closed popup on screen (`ServerProfile.removesClosedPopups`):
    /// the answered prompt is replaced in place by a copy without buttons that expires at once.
    @Test func onGnomesNotificationDaemonTheAnsweredPromptIsReplacedByOneThatExpires() async throws {
        let rig = try await Rig(
            information: ServerInformation(
                name: "Notification Daemon", vendor: "GNOME",
                version: "3.20.0", specVersion: "1.2"))
        let (prompt, waiting) = try await rig.request("org.example.Tea")
        try await rig.fake.emit(.actionInvoked(prompt.id, actionKey: "allow"))
        #expect(try await waiting.value == (true, .authorized))
        let takeDown = try await rig.fake.nextCall()
        #expect(takeDown.id == prompt.id)
        #expect(takeDown.request.replacesID == prompt.id)
        #expect(takeDown.request.summary == prompt.request.summary)
        #expect(takeDown.request.actions.isEmpty)
        #expect(takeDown.request.expireTimeout == .milliseconds(1))
        #expect(try await rig.closedBeforeMarker() == [])
    }

    @Test func thePromptSpeaksSimplifiedChinese() async throws {
        let rig = try await Rig(language: "zh-Hans")
        let (prompt, waiting) = try await rig.request("org.example.Tea")
        #expect(prompt.request.summary == "Tea")
        #expect(prompt.request.body.hasPrefix("“Tea”想给您发送通知。"))
        #expect(prompt.request.actions.map(\.label) == ["允许", "不允许"])
        waiting.cancel()
    }

    @Test func dontAllowDeniesAndALaterRequestDoesNotAskAgain() async throws {
        let rig = try await Rig()
        let (prompt, waiting) = try await rig.request("org.example.Tea")
        try await rig.fake.emit(.actionInvoked(prompt.id, actionKey: "deny"))
        #expect(try await waiting.value == (false, .denied))
        let again = try await rig.client.requestAuthorization(
            app: "org.example.Tea", options: [.alert], timeout: .seconds(5))
        #expect(again == (false, .denied))
        #expect(try await rig.shownBeforeMarker() == [], "the second request asked again")
    }

    @Test func dismissingThePromptLeavesTheAppUndecided() async throws {
        let rig = try await Rig()
        let (prompt, waiting) = try await rig.request("org.example.Tea")
        try await rig.fake.emit(.closed(prompt.id, .dismissed))
        #expect(try await waiting.value == (false, .notDetermined))
    }

    @Test func spoofedAndForeignClicksChangeNothing() async throws {
        let rig = try await Rig()
        let (prompt, waiting) = try await rig.request("org.example.Tea")
        let spoofer = try DBusConnection(address: rig.bus.address)
        var unicast = ServerEvent.actionInvoked(prompt.id, actionKey: "allow").signal
        unicast.destination = try BusName(validating: rig.agent.connection.uniqueName)
        try await spoofer.send(unicast)
        try await spoofer.send(ServerEvent.actionInvoked(prompt.id, actionKey: "allow").signal)
        try await rig.fake.emit(
            .actionInvoked(ServerNotificationID(rawValue: prompt.id.rawValue + 50), actionKey: "allow"),
            broadcast: true)
        try await rig.fake.emit(.actionInvoked(prompt.id, actionKey: "bogus"))
        // A round trip to the agent after the signals: they have all been handled by now.
        #expect(try await rig.client.settings(app: "org.example.Tea").authorization == .notDetermined)
        try await rig.fake.emit(.actionInvoked(prompt.id, actionKey: "deny"))
        #expect(try await waiting.value == (false, .denied))
    }

    @Test func provisionalKeepThenDeliverProminently() async throws {
        let rig = try await Rig()
        let provisional = try await rig.client.requestAuthorization(
            app: "org.example.Mail", options: [.alert, .sound, .badge, .provisional])
        #expect(provisional == (true, .provisional))
        let id = try await rig.client.add(
            app: "org.example.Mail", request: DeliveryRequest(identifier: "m1", title: "Hi", body: "b"))
        let delivered = try await rig.fake.nextCall()
        #expect(delivered.id == id)
        #expect(delivered.request.hints.urgency == .low)
        #expect(delivered.request.actions.map(\.key) == ["unotify-keep", "unotify-turn-off"])
        try await rig.fake.emit(.actionInvoked(id, actionKey: "unotify-keep"))
        let followUp = try await rig.fake.nextCall()
        #expect(followUp.request.actions.map(\.key) == ["prominent", "quiet"])
        // The quiet notification is closed: lxqt-notificationd keeps it after the click.
        #expect(rig.fake.closedIDs.contains(id))
        try await rig.fake.emit(.actionInvoked(followUp.id, actionKey: "prominent"))
        try await Eventually.wait(timeout: .seconds(5), "authorized") {
            try await rig.client.settings(app: "org.example.Mail").authorization == .authorized
        }
        #expect(
            try await rig.client.settings(app: "org.example.Mail") == .authorized(requesting: [.alert, .sound, .badge]))
    }

    @Test func provisionalTurnOffThenConfirmDenies() async throws {
        let rig = try await Rig()
        _ = try await rig.client.requestAuthorization(app: "org.example.Mail", options: [.alert, .provisional])
        let id = try await rig.client.add(
            app: "org.example.Mail", request: DeliveryRequest(identifier: "m1", body: "b"))
        _ = try await rig.fake.nextCall()
        try await rig.fake.emit(.actionInvoked(id, actionKey: "unotify-turn-off"))
        let confirmation = try await rig.fake.nextCall()
        #expect(rig.fake.closedIDs.contains(id))
        #expect(confirmation.request.actions.map(\.label) == ["Turn Off All Notifications", "Cancel"])
        try await rig.fake.emit(.actionInvoked(confirmation.id, actionKey: "turn-off-all"))
        try await Eventually.wait(timeout: .seconds(5), "denied") {
            try await rig.client.settings(app: "org.example.Mail").authorization == .denied
        }
    }

    @Test func undecidedAndDeniedAppsReachNothing() async throws {
        let rig = try await Rig()
        let error = await #expect(throws: AgentError.self) {
            try await rig.client.add(app: "org.example.New", request: DeliveryRequest(identifier: "x", body: "b"))
        }
        #expect(error?.code == .notAllowed)
        var denied = AppSettings.denied(requesting: [.alert])
        denied.authorization = .denied
        _ = try await rig.client.setSettings(app: "org.example.Denied", changes: denied.wire)
        await #expect(throws: AgentError.self) {
            try await rig.client.add(app: "org.example.Denied", request: DeliveryRequest(identifier: "x", body: "b"))
        }
        #expect(try await rig.shownBeforeMarker() == [], "an undecided or denied app reached the server")
    }

    @Test func settingsArePersistedPrivatelyAndResetForgets() async throws {
        let rig = try await Rig()
        _ = try await rig.client.setSettings(
            app: "org.example.Tea", changes: AppSettings.authorized(requesting: [.alert]).wire)
        let file = rig.directory.appendingPathComponent("settings.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(
            try SettingsStore(directory: rig.directory).settings(for: "org.example.Tea").authorization == .authorized)
        #expect(try await rig.client.listApps().keys.contains("org.example.Tea"))
        try await rig.client.resetSettings(app: "org.example.Tea")
        #expect(try await rig.client.settings(app: "org.example.Tea").authorization == .notDetermined)
        // Reset is as never seen: not listed, not in the file.
        #expect(try await !rig.client.listApps().keys.contains("org.example.Tea"), "a reset app is still listed")
        #expect(try SettingsStore(directory: rig.directory).allApps()["org.example.Tea"] == nil)
    }

    @Test func resettingAnAppNeverSeenDoesNotAddIt() async throws {
        let rig = try await Rig()
        try await rig.client.resetSettings(app: "org.example.Never")
        let listed = try await rig.client.listApps()
        #expect(listed.isEmpty, "\(listed)")
        // Nor when other apps are stored.
        _ = try await rig.client.setSettings(
            app: "org.example.Tea", changes: AppSettings.authorized(requesting: [.alert]).wire)
        try await rig.client.resetSettings(app: "org.example.Never")
        #expect(try await rig.client.listApps().keys.sorted() == ["org.example.Tea"])
    }

    @Test func aServerWithoutButtonsCannotAskAndTellsTheUserHow() async throws {
        let rig = try await Rig(capabilities: ["body", "body-markup"])
        let error = await #expect(throws: AgentError.self) {
            try await rig.client.requestAuthorization(app: "org.example.Tea", options: [.alert], timeout: .seconds(5))
        }
        #expect(error?.code == .cannotAsk)
        #expect(error?.message.contains("unotify settings org.example.Tea allow") == true)
        let shown = try await rig.fake.nextCall()
        #expect(shown.request.actions.isEmpty)
        #expect(shown.request.body.contains("unotify settings org.example.Tea allow"))
        #expect(try await rig.client.settings(app: "org.example.Tea").authorization == .notDetermined)
        // Provisional needs no buttons, and its notifications come without Keep / Turn Off.
        #expect(
            try await rig.client.requestAuthorization(app: "org.example.Tea", options: [.alert, .provisional]) == (
                true, .provisional
            ))
        _ = try await rig.client.add(app: "org.example.Tea", request: DeliveryRequest(identifier: "q", body: "quiet"))
        let quiet = try await rig.fake.nextCall()
        #expect(quiet.request.actions.isEmpty)
        #expect(quiet.request.body.contains("unotify settings org.example.Tea deny"))
    }

    @Test func invalidAppIdentifiersAreRefused() async throws {
        let rig = try await Rig()
        let error = await #expect(throws: AgentError.self) { try await rig.client.settings(app: "../etc/passwd") }
        #expect(error?.code == .invalidArgument)
    }
}

/// Delivered notifications: listed until closed, replaced in place by identifier, removed on request.
@Suite(.timeLimit(.minutes(1))) struct AgentDeliveredTests {
    @Test func deliveredListReplaceAndRemove() async throws {
        let rig = try await AgentTests.Rig()
        _ = try await rig.client.setSettings(
            app: "org.example.Tea", changes: AppSettings.authorized(requesting: [.alert]).wire)
        let first = try await rig.client.add(
            app: "org.example.Tea", request: DeliveryRequest(identifier: "kettle", title: "Boiling"))
        _ = try await rig.fake.nextCall()
        let second = try await rig.client.add(
            app: "org.example.Tea", request: DeliveryRequest(identifier: "kettle", title: "Ready"))
        let replacement = try await rig.fake.nextCall()
        #expect(replacement.request.replacesID == first)
        #expect(second == first)
        _ = try await rig.client.add(app: "org.example.Tea", request: DeliveryRequest(identifier: "cup", title: "Pour"))
        let cup = try await rig.fake.nextCall()
        let listed = try await rig.client.delivered(app: "org.example.Tea")
        #expect(listed.map(\.request.identifier) == ["kettle", "cup"])
        #expect(listed.first?.request.title == "Ready")
        try await rig.fake.emit(.closed(cup.id, .dismissed))
        try await Eventually.wait(timeout: .seconds(5), "the closed notification leaves the list") {
            try await rig.client.delivered(app: "org.example.Tea").map(\.request.identifier) == ["kettle"]
        }
        #expect(try await rig.client.removeDelivered(app: "org.example.Tea", identifiers: []) == 1)
        try await rig.fake.waitForClose(of: first)
        #expect(try await rig.client.delivered(app: "org.example.Tea").isEmpty)
    }
}
