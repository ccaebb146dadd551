import FreedesktopNotifications
import Testing
@testable import NotificationAgent
@testable import UserNotifications

/// Budgie 10.7 drops the action that follows `default` in a `Notify` (measured: snooze, drink
/// after default showed only Drink), so there every button is sent before `default`.
@Suite struct MappingBudgieActionsTests {
    @Test func everyCategoryActionComesBeforeTheDefaultAction() {
        let category = CategoryRecord(
            identifier: "tea",
            actions: [.init(identifier: "snooze", title: "Snooze"), .init(identifier: "drink", title: "Drink")])
        let request = DeliveryRequest(identifier: "a", body: "x", categoryIdentifier: "tea")
        let budgie = Self.plan(request, category: category)
        #expect(budgie.notify.actions.map(\.key) == ["snooze", "drink", "default"])
    }

    /// Budgie keeps a notification sent with 0 only 6 s, one sent with 12000 12 s (measured):
    /// an app's notification meant to stay goes with 12000.
    @Test func aNotificationMeantToStayGoesWithTheLongestTimeBudgieKeepsAny() {
        var request = DeliveryRequest(identifier: "a", body: "x")
        request.expireTimeout = 0
        #expect(Self.plan(request, category: nil).notify.expireTimeout == .milliseconds(12000))
    }

    /// `request`'s plan for Budgie 10.7, for an authorized app.
    static func plan(_ request: DeliveryRequest, category: CategoryRecord?) -> PresentationMapping.Plan {
        PresentationMapping.plan(
            request, settings: .authorized(requesting: [.alert]),
            capabilities: ServerCapabilities(["actions", "body", "body-markup", "sound"]), appName: "Tea",
            desktopEntry: nil, category: category,
            server: ServerInformation(
                name: "Budgie Notification Server", vendor: "Budgie Desktop Developers", version: "10.7.1",
                specVersion: "1.2"))
    }
}
