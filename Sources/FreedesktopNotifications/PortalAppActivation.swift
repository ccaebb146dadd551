import DBus

/// How a sandboxed app hears the clicks on its portal notifications when the app itself is
/// activated: `org.freedesktop.Application` on the app's own bus name (its id), where the
/// desktop sends a button whose action is `app.NAME` as `ActivateAction(NAME, [target], …)`
/// (GNOME Shell itself; the GTK backend), instead of the portal's `ActionInvoked` to the
/// connection that added the notification.
///
/// Because the call goes to a name, it reaches the app after that connection is gone too: an app
/// whose desktop entry says `DBusActivatable=true` (with its D-Bus service file, which flatpak
/// exports) is started by the bus for the click, and its agent hears it then. Each button's
/// action is ``actionName(button:)``, with the notification's id and the button's key as its
/// target: the names differ from button to button because the GTK backend hands the buttons to
/// `org.freedesktop.Notifications` keyed by their action names (the same name twice made the
/// buttons one).
///
/// The name is taken only if nobody has it (an app built on GApplication owns it itself and
/// answers these calls): without it, the portal's `ActionInvoked` serves as before.
public actor PortalAppActivation {
    /// One click heard through the app's activation.
    public struct Click: Sendable, Hashable {
        /// The notification clicked.
        public let notification: ServerNotificationID
        /// The key of the button (or of the default action).
        public let actionKey: String
        /// The token for raising the app's window, when the desktop gave one.
        public let activationToken: String?
        /// The text the user typed, for a button with the reply purpose
        /// (``NotificationPortal/replyPurpose``) on a backend that asks for it: the second
        /// value of the action's parameter.
        public let replyText: String?
    }

    /// What the actions of notifications shown this way start with.
    public static let actionPrefix = "unotify-response"

    /// The action of button number `button` (from 0), or of the default action (nil), without
    /// the `app.` the portal's options put before it.
    public static func actionName(button: Int?) -> String {
        actionPrefix + "-" + (button.map(String.init) ?? "default")
    }
    /// `org.freedesktop.Application`.
    public static let interfaceName: InterfaceName = "org.freedesktop.Application"

    /// The app's id: its bus name.
    public nonisolated let app: String
    private var subscribers: [Int: AsyncStream<Click>.Continuation] = [:]
    private var nextSubscriber = 0
    /// Clicks heard before anybody listened (an app started for a click hears it at once).
    private var waiting: [Click] = []

    private init(app: String) { self.app = app }

    /// Answers `org.freedesktop.Application` at the app's object path on `connection` and takes
    /// the app's name; nil (nothing exported) when the name is another connection's.
    public static func start(app: String, on connection: DBusConnection) async throws -> PortalAppActivation? {
        let name = try BusName(validating: app)
        let path = try objectPath(of: app)
        let activation = PortalAppActivation(app: app)
        await connection.export(path: path, interfaces: [description]) { [weak activation] message in
            await activation?.receive(message)
            return []
        }
        let reply = try await connection.requestName(name, flags: [.doNotQueue])
        guard reply == .primaryOwner || reply == .alreadyOwner else {
            await connection.unexport(path: path)
            return nil
        }
        return activation
    }

    /// The object path `org.freedesktop.Application` has for `app`: its id with `/` for each
    /// dot and `_` for each dash, as GApplication and the desktop derive it.
    public static func objectPath(of app: String) throws -> ObjectPath {
        try ObjectPath(validating: "/" + String(app.map { $0 == "." ? "/" : $0 == "-" ? "_" : $0 }))
    }

    /// The target of the button `actionKey` of notification `id`.
    public static func target(notification id: ServerNotificationID, actionKey: String) -> String {
        "\(id.rawValue):\(actionKey)"
    }

    /// The clicks heard from now on, and those heard before anybody listened.
    public func clicks() -> AsyncStream<Click> {
        let (stream, continuation) = AsyncStream.makeStream(of: Click.self)
        let number = nextSubscriber
        nextSubscriber += 1
        subscribers[number] = continuation
        for click in waiting { continuation.yield(click) }
        waiting = []
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(number) }
        }
        return stream
    }

    private func unsubscribe(_ number: Int) { subscribers[number] = nil }

    /// An `ActivateAction` of an ``actionName(button:)`` becomes a click; `Activate` and `Open`
    /// (the app started or raised) need nothing here.
    private func receive(_ message: DBusMessage) {
        guard message.member?.rawValue == "ActivateAction", message.body.count == 3,
            case .string(let action) = message.body[0], action.hasPrefix(Self.actionPrefix + "-"),
            case .array(_, let parameters) = message.body[1], case .variant(.string(let target))? = parameters.first,
            let colon = target.firstIndex(of: ":"), let number = UInt32(target[..<colon])
        else { return }
        var replyText: String?
        if parameters.count > 1, case .variant(.string(let text)) = parameters[1] { replyText = text }
        let click = Click(
            notification: ServerNotificationID(rawValue: number),
            actionKey: String(target[target.index(after: colon)...]),
            activationToken: Self.token(in: message.body[2]), replyText: replyText)
        if subscribers.isEmpty {
            waiting.append(click)
        } else {
            for continuation in subscribers.values { continuation.yield(click) }
        }
    }

    /// The activation token in `platformData` (`activation-token`, or X11's `desktop-startup-id`).
    private static func token(in platformData: DBusValue) -> String? {
        guard case .dictionary(_, _, let entries) = platformData else { return nil }
        for key in ["activation-token", "desktop-startup-id"] {
            if let entry = entries.first(where: { $0.key == .string(key) }),
                case .variant(.string(let token)) = entry.value, !token.isEmpty
            {
                return token
            }
        }
        return nil
    }

    /// `org.freedesktop.Application`, as the desktop entry specification defines it.
    static let description = DBusInterfaceDescription(
        interfaceName,
        documentation: "The app's activation: the desktop starts or raises the app, or runs one of its actions.",
        methods: [
            DBusMethodDescription(
                "Activate", arguments: [DBusArgumentDescription("platform_data", "a{sv}")],
                documentation: "The app is started or raised.", maximumArgumentBytes: 16_384),
            DBusMethodDescription(
                "Open",
                arguments: [DBusArgumentDescription("uris", "as"), DBusArgumentDescription("platform_data", "a{sv}")],
                documentation: "The app is asked to open files; it opens none.", maximumArgumentBytes: 16_384),
            DBusMethodDescription(
                "ActivateAction",
                arguments: [
                    DBusArgumentDescription("action_name", "s"), DBusArgumentDescription("parameter", "av"),
                    DBusArgumentDescription("platform_data", "a{sv}"),
                ],
                documentation: "The app's action `action_name` is run with `parameter`: a notification's button.",
                maximumArgumentBytes: 16_384),
        ])
}
