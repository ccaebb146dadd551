import DBus

/// The notification portal, `org.freedesktop.portal.Notification`: how a sandboxed app (Flatpak,
/// Snap) shows notifications, through xdg-desktop-portal, which names the app by its sandbox.
public enum NotificationPortal {
    /// The portal's bus name.
    public static let busName: BusName = "org.freedesktop.portal.Desktop"
    /// The portal's object.
    public static let path: ObjectPath = "/org/freedesktop/portal/desktop"
    /// The notification interface.
    public static let interface: InterfaceName = "org.freedesktop.portal.Notification"
    /// The error the portal answers when the user turned the app's notifications off.
    public static let notAllowedError = "org.freedesktop.portal.Error.NotAllowed"

    /// The portal's options for `request` (`AddNotification`'s `a{sv}`), for a portal of
    /// `version`: title, body, icon, priority, default action and buttons (version 1); from
    /// version 2 the sound, display hints, category and button purposes too, which a portal
    /// (1.20) drops for a version 1 backend. Nothing of version 2 goes to a version 1 portal:
    /// 1.16 refuses a notification with a key it does not know. With `activation`, the
    /// notification `id` is answered through the app's own activation (``PortalAppActivation``):
    /// each button and the default action are an action of the app (`app.unotify-response-N`),
    /// their target the id and the button's key.
    public static func options(
        for request: NotifyRequest, version: UInt32, activation id: ServerNotificationID? = nil
    ) -> [String: DBusVariant] {
        var options: [String: DBusVariant] = ["title": DBusVariant(request.summary)]
        // Always the plain body: xdg-desktop-portal 1.20 says version 2 but drops what its
        // backend does not support, and the GTK backend (1.15) is version 1: a body sent only as
        // `markup-body` was lost, prompts showed no question (measured). So no markup is offered
        // (``capabilities(version:)``), and the agent sends plain text.
        if !request.body.isEmpty { options["body"] = DBusVariant(request.body) }
        if !request.appIcon.isEmpty, !request.appIcon.contains("/") {
            // A serialized GIcon: a themed icon's names.
            options["icon"] = DBusVariant(.structure([.string("themed"), .variant([request.appIcon].dbusValue)]))
        }
        options["priority"] = DBusVariant(priority(request.hints.urgency))
        /// The action and target of button number `button` (nil: the default action) of `key`.
        func action(_ key: String, button: Int?) -> (action: DBusVariant, target: DBusVariant?) {
            guard let id else { return (DBusVariant(key), nil) }
            return (
                DBusVariant("app." + PortalAppActivation.actionName(button: button)),
                DBusVariant(PortalAppActivation.target(notification: id, actionKey: key))
            )
        }
        if request.actions.contains(where: { $0.key == NotificationAction.defaultKey }) {
            let (name, target) = action(NotificationAction.defaultKey, button: nil)
            options["default-action"] = name
            if let target { options["default-action-target"] = target }
        }
        let buttons = request.actions.filter { $0.key != NotificationAction.defaultKey }.enumerated().map {
            let (name, target) = action($0.element.key, button: $0.offset)
            var button = ["label": DBusVariant($0.element.label), "action": name]
            if let target { button["target"] = target }
            // Version 1 portals (1.16) refuse a button with a key they do not know.
            if version >= 2, let purpose = $0.element.purpose { button["purpose"] = DBusVariant(purpose) }
            return button
        }
        if !buttons.isEmpty { options["buttons"] = DBusVariant(buttons) }
        if version >= 2 {
            if let category = request.hints.category, acceptsCategory(category) {
                options["category"] = DBusVariant(category)
            } else if request.actions.contains(where: { $0.purpose == replyPurpose }) {
                // The portal defines the reply purpose for instant messages only.
                options["category"] = DBusVariant(messageCategory)
            }
            if request.hints.suppressSound == true {
                options["sound"] = DBusVariant("silent")
            } else if request.hints.soundName != nil || request.hints.soundFile != nil {
                options["sound"] = DBusVariant("default")
            }
            var hints: [String] = []
            if request.hints.isTransient == true { hints.append("transient") }
            if request.hints.isResident == true { hints.append("persistent") }
            if !hints.isEmpty { options["display-hint"] = DBusVariant(hints) }
        }
        return options
    }

    /// The purpose of a button that asks for a typed reply (version 2; a backend that knows it
    /// draws a text field and passes the text with the click).
    public static let replyPurpose = "im.reply-with-text"
    /// The category of an instant message, the one the reply purpose belongs to.
    public static let messageCategory = "im.received"

    /// The categories every version 2 portal accepts (xdg-desktop-portal 1.19 to 1.22), and
    /// vendor categories (`x-…`): the portal refuses the whole notification for any other
    /// (`InvalidArgument`), so a specification category it lacks (`email.arrived`) is left out.
    static func acceptsCategory(_ category: String) -> Bool {
        category.hasPrefix("x-") || acceptedCategories.contains(category)
    }

    static let acceptedCategories: Set<String> = [
        "im.received", "alarm.ringing", "call.incoming", "call.ongoing", "call.unanswered", "weather.warning.extreme",
        "cellbroadcast.danger.extreme", "cellbroadcast.danger.severe", "cellbroadcast.test", "os.battery.low",
        "browser.web-notification",
    ]

    /// The portal's priority for a specification urgency.
    static func priority(_ urgency: Urgency?) -> String {
        switch urgency {
        case .low?: "low"
        case .critical?: "urgent"
        case .normal?, nil: "normal"
        }
    }

    /// The capabilities a portal of `version` stands for, as a notification server's: buttons
    /// and a plain body always (a portal's version is its own, not its backend's, so markup is
    /// never counted on); from version 2 sounds.
    public static func capabilities(version: UInt32) -> ServerCapabilities {
        ServerCapabilities(["actions", "body", "icon-static"] + (version >= 2 ? ["sound"] : []))
    }
}
