import DBus
import FreedesktopNotifications
import Testing

/// A `Notify` request as the notification portal's `AddNotification` options, by portal version.
@Suite struct NotificationPortalOptionsTests {
    static func request() -> NotifyRequest {
        var hints = NotificationHints()
        hints.urgency = .critical
        hints.soundName = "message-new-instant"
        hints.isResident = true
        return NotifyRequest(
            appName: "Tea", appIcon: "dialog-information", summary: "Tea", body: "is <b>ready</b>",
            actions: [
                NotificationAction(key: NotificationAction.defaultKey, label: "Open"),
                NotificationAction(key: "drink", label: "Drink"),
            ], hints: hints)
    }

    @Test func versionOneHasTitleBodyIconPriorityDefaultActionAndButtons() {
        let options = NotificationPortal.options(for: Self.request(), version: 1)
        #expect(options["title"] == DBusVariant("Tea"))
        #expect(options["body"] == DBusVariant("is <b>ready</b>"))
        #expect(options["markup-body"] == nil)
        #expect(
            options["icon"] == DBusVariant(.structure([.string("themed"), .variant(["dialog-information"].dbusValue)])))
        #expect(options["priority"] == DBusVariant("urgent"))
        #expect(options["default-action"] == DBusVariant(NotificationAction.defaultKey))
        #expect(options["buttons"] == DBusVariant([["label": DBusVariant("Drink"), "action": DBusVariant("drink")]]))
        #expect(options["sound"] == nil && options["display-hint"] == nil)
    }

    /// Version 2 keeps the plain body: xdg-desktop-portal 1.20 is version 2 but drops
    /// `markup-body` for a version 1 backend (GTK's), and the body was lost.
    @Test func versionTwoKeepsThePlainBodyAndAddsSoundAndDisplayHints() {
        let options = NotificationPortal.options(for: Self.request(), version: 2)
        #expect(options["body"] == DBusVariant("is <b>ready</b>"))
        #expect(options["markup-body"] == nil)
        #expect(options["sound"] == DBusVariant("default"))
        #expect(options["display-hint"] == DBusVariant(["persistent"]))
        var quiet = Self.request()
        quiet.hints.suppressSound = true
        #expect(NotificationPortal.options(for: quiet, version: 2)["sound"] == DBusVariant("silent"))
    }

    /// Answered through the app's activation, every button and the default action are the
    /// app's one action, their target naming the notification and the key.
    @Test func throughTheAppsActivationEachButtonIsTheAppsActionWithATarget() throws {
        let options = NotificationPortal.options(
            for: Self.request(), version: 1, activation: ServerNotificationID(rawValue: 42))
        #expect(options["default-action"] == DBusVariant("app.unotify-response-default"))
        #expect(options["default-action-target"] == DBusVariant("42:default"))
        #expect(
            options["buttons"]
                == DBusVariant([
                    [
                        "label": DBusVariant("Drink"), "action": DBusVariant("app.unotify-response-0"),
                        "target": DBusVariant("42:drink"),
                    ]
                ]))
        #expect(
            try PortalAppActivation.objectPath(of: "org.example.Sandboxed-Tea").rawValue == "/org/example/Sandboxed_Tea"
        )
    }

    @Test func capabilitiesFollowTheVersion() {
        #expect(!NotificationPortal.capabilities(version: 1).strings.contains("body-markup"))
        #expect(!NotificationPortal.capabilities(version: 2).strings.contains("body-markup"))
        #expect(NotificationPortal.capabilities(version: 2).strings.contains("sound"))
        #expect(NotificationPortal.capabilities(version: 1).strings.contains("actions"))
    }
}
