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

    /// A category the portal knows (or an `x-` one) is passed from version 2; one it does not
    /// know is left out, since the portal refuses the whole notification for it
    /// (`InvalidArgument`), and a version 1 portal (1.16) refuses any key it does not know.
    @Test func versionTwoPassesACategoryThePortalKnows() {
        var request = Self.request()
        request.hints.category = "im.received"
        #expect(NotificationPortal.options(for: request, version: 2)["category"] == DBusVariant("im.received"))
        #expect(NotificationPortal.options(for: request, version: 1)["category"] == nil)
        request.hints.category = "x-example.tea"
        #expect(NotificationPortal.options(for: request, version: 2)["category"] == DBusVariant("x-example.tea"))
        request.hints.category = "email.arrived"  // a specification category the portal does not have
        #expect(NotificationPortal.options(for: request, version: 2)["category"] == nil)
        request.hints.category = "cellbroadcast.amber-alert"  // 1.22 has it, 1.20 spells it "amberalert"
        #expect(NotificationPortal.options(for: request, version: 2)["category"] == nil)
    }

    /// A reply button keeps its purpose from version 2 (the category the purpose belongs to,
    /// `im.received`, comes with it unless the request has one); version 1 has no purposes,
    /// and 1.16 refuses a button with any key it does not know.
    @Test func aReplyButtonHasItsPurposeFromVersionTwo() {
        var request = Self.request()
        request.actions = [NotificationAction(key: "reply", label: "Reply", purpose: NotificationPortal.replyPurpose)]
        let two = NotificationPortal.options(for: request, version: 2)
        #expect(
            two["buttons"]
                == DBusVariant([
                    [
                        "label": DBusVariant("Reply"), "action": DBusVariant("reply"),
                        "purpose": DBusVariant("im.reply-with-text"),
                    ]
                ]))
        #expect(two["category"] == DBusVariant("im.received"))
        let one = NotificationPortal.options(for: request, version: 1)
        #expect(one["buttons"] == DBusVariant([["label": DBusVariant("Reply"), "action": DBusVariant("reply")]]))
        #expect(one["category"] == nil)
        request.hints.category = "x-example.chat"
        #expect(NotificationPortal.options(for: request, version: 2)["category"] == DBusVariant("x-example.chat"))
    }

    @Test func capabilitiesFollowTheVersion() {
        #expect(!NotificationPortal.capabilities(version: 1).strings.contains("body-markup"))
        #expect(!NotificationPortal.capabilities(version: 2).strings.contains("body-markup"))
        #expect(NotificationPortal.capabilities(version: 2).strings.contains("sound"))
        #expect(NotificationPortal.capabilities(version: 1).strings.contains("actions"))
    }
}
