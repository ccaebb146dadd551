import DBus

/// One notification to deliver, in the agent's vocabulary: what the Apple surface's
/// `UNNotificationRequest` becomes on its way to the agent, and what `unotify send --app` builds.
package struct DeliveryRequest: Hashable, Sendable {
    /// How loudly to interrupt: `UNNotificationInterruptionLevel`'s raw values.
    package enum InterruptionLevel: Int, Hashable, Sendable, CaseIterable {
        case passive = 0, active = 1, timeSensitive = 2, critical = 3
    }

    /// The sound to play, if any.
    package enum Sound: Hashable, Sendable {
        /// `UNNotificationSound.default`: the theme's `message-new-instant`.
        case `default`
        /// A named sound: a sound-theme name or a file.
        case named(String)
        /// A critical alert sound (`defaultCritical` when the name is nil).
        case critical(name: String?, volume: Double)
    }

    package var identifier: String
    package var title: String
    package var subtitle: String
    package var body: String
    package var sound: Sound?
    package var badge: Int?
    package var categoryIdentifier: String
    package var threadIdentifier: String
    package var interruptionLevel: InterruptionLevel
    /// An image to show, as a path on this machine.
    package var imagePath: String?
    /// A progress value 0–100, shown as a bar where the server can (dunst's `value` hint).
    package var progress: Int?
    /// The app's custom data (`userInfo`), as a JSON object's text, handed back with responses.
    package var userInfoJSON: String?
    /// Whether it came as a push (`unotify push`): the delivered notification's trigger is then
    /// `UNPushNotificationTrigger`.
    package var isPush = false
    /// An icon for `Notify`'s `app_icon`: a theme icon name or a path (notify-send's `-i`).
    package var appIcon: String?
    /// How long the popup stays, in milliseconds (0: until closed; nil: the server decides).
    package var expireTimeout: Int32?
    /// Whether the server should forget it once its popup is gone (the `transient` hint, `-e`).
    package var isTransient = false
    /// Vendor hints passed on to the server (`-h`), never one of ``reservedHints``.
    package var hints: [String: DBusVariant] = [:]

    /// The hints the agent sets itself (from the app's settings and the request's own fields):
    /// a request cannot carry them.
    package static let reservedHints: Set<String> = [
        "urgency", "desktop-entry", "image-data", "image_data", "image-path", "image_path", "icon_data", "sound-file",
        "sound-name", "suppress-sound", "transient", "resident", "action-icons", "sender-pid", "value",
        "x-kde-reply-placeholder-text", "x-kde-reply-submit-button-text", appIDHint,
    ]

    /// The hint on every `Notify` the agent sends for an app (its notifications and the
    /// permission popups about it): the app's id, so that a recording server (`unotify capture`)
    /// knows the app even when it has no desktop entry. Servers ignore vendor hints they do not
    /// know.
    package static let appIDHint = "x-unotify-app-id"

    package init(
        identifier: String, title: String = "", subtitle: String = "", body: String = "", sound: Sound? = nil,
        badge: Int? = nil, categoryIdentifier: String = "", threadIdentifier: String = "",
        interruptionLevel: InterruptionLevel = .active, imagePath: String? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.sound = sound
        self.badge = badge
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.interruptionLevel = interruptionLevel
        self.imagePath = imagePath
    }

    /// Whether there is anything to show (Apple rejects empty content).
    package var hasContent: Bool {
        !title.isEmpty || !subtitle.isEmpty || !body.isEmpty || sound != nil || badge != nil || imagePath != nil
    }
}
