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
        let budgie = PresentationMapping.plan(
            request, settings: .authorized(requesting: [.alert]),
            capabilities: ServerCapabilities(["actions", "body", "body-markup", "sound"]), appName: "Tea",
            desktopEntry: nil, category: category,
            server: ServerInformation(
                name: "Budgie Notification Server", vendor: "Budgie Desktop Developers", version: "10.7.1",
                specVersion: "1.2"))
        #expect(budgie.notify.actions.map(\.key) == ["snooze", "drink", "default"])
    }
}
