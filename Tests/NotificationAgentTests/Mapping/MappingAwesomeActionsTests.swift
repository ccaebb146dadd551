import FreedesktopNotifications
import Testing
@testable import NotificationAgent
@testable import UserNotifications

/// awesome 4.3's naughty keeps a notification's actions in a table keyed by their titles:
/// two actions with one title became one row (measured), so there titles are made distinct.
@Suite struct MappingAwesomeActionsTests {
    @Test func actionsWithTheSameTitleGetDistinctTitles() {
        let category = CategoryRecord(
            identifier: "mail",
            actions: [.init(identifier: "archive", title: "Done"), .init(identifier: "delete", title: "Done")])
        let request = DeliveryRequest(identifier: "a", body: "x", categoryIdentifier: "mail")
        let awesome = PresentationMapping.plan(
            request, settings: .authorized(requesting: [.alert]),
            capabilities: ServerCapabilities(["body", "body-markup", "icon-static", "actions"]), appName: "Mail",
            desktopEntry: nil, category: category,
            server: ServerInformation(name: "naughty", vendor: "awesome", version: "v4.3", specVersion: "1.0"))
        let titles = awesome.notify.actions.map(\.label)
        #expect(Set(titles).count == titles.count, "\(titles)")
        #expect(awesome.notify.actions.map(\.key) == ["default", "archive", "delete"])
    }
}

/// awesome 4.3 ignores the `image-path` and `image_path` hints and draws `app_icon`, a path
/// included (measured: a red square as `-i PATH` was drawn, as either hint nothing), so there an
/// image goes as the app icon.
@Suite struct MappingAwesomeImageTests {
    @Test func anImageIsSentAsTheAppIcon() {
        let request = DeliveryRequest(identifier: "a", body: "x", imagePath: "/tmp/red.png")
        let awesome = PresentationMapping.plan(
            request, settings: .authorized(requesting: [.alert]),
            capabilities: ServerCapabilities(["body", "body-markup", "icon-static", "actions"]), appName: "Cam",
            desktopEntry: nil,
            server: ServerInformation(name: "naughty", vendor: "awesome", version: "v4.3", specVersion: "1.0"))
        #expect(awesome.notify.appIcon == "/tmp/red.png")
    }
}
