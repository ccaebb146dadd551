import DBus

/// Every method of the agent's interface, `org.unotify.Agent1`: the one table that the agent
/// dispatches on, ``AgentClient`` calls by, and `dbus/org.unotify.Agent1.xml` is generated from.
package enum AgentMethod: String, CaseIterable, Sendable {
    case requestAuthorization = "RequestAuthorization"
    case getSettings = "GetSettings"
    case setSettings = "SetSettings"
    case resetSettings = "ResetSettings"
    case listApps = "ListApps"
    case add = "Add"
    case push = "Push"
    case listPending = "ListPending"
    case removePending = "RemovePending"
    case listDelivered = "ListDelivered"
    case removeDelivered = "RemoveDelivered"
    case setBadge = "SetBadge"
    case setCategories = "SetCategories"
    case getCategories = "GetCategories"
    case listen = "Listen"
    case registerPresenter = "RegisterPresenter"
    case reply = "Reply"

    package var name: MemberName { MemberName(stringLiteral: rawValue) }

    /// The method's arguments, reply and documentation.
    package var description: DBusMethodDescription {
        let (arguments, reply, documentation) = Self.table(self)
        return DBusMethodDescription(name, arguments: arguments, reply: reply, documentation: documentation)
    }

    private typealias Argument = DBusArgumentDescription

    private static let app = Argument("app", "s")

    private static func table(_ method: AgentMethod) -> ([Argument], [Argument], String) {
        switch method {
        case .requestAuthorization:
            (
                [app, Argument("options", "t")],
                [Argument("decided", "b"), Argument("granted", "b"), Argument("status", "i")],
                "Asks for permission with UNAuthorizationOptions bits. Answers at once (decided = true) when nothing "
                    + "needs asking; otherwise shows the prompt and answers decided = false: the user's answer comes "
                    + "later as AuthorizationDecided, or AuthorizationFailed when the prompt could not be shown or its "
                    + "server went away. status is UNAuthorizationStatus's raw value."
            )
        case .getSettings:
            (
                [app], [Argument("settings", "a{sv}")],
                "The app's settings (authorization status and each UNNotificationSetting), as the Settings app shows them."
            )
        case .setSettings:
            (
                [app, Argument("changes", "a{sv}")], [Argument("settings", "a{sv}")],
                "Changes some of the app's settings, as the user does in the Settings app; answers the settings after."
            )
        case .resetSettings:
            ([app], [], "Forgets everything about the app: it is not determined again.")
        case .listApps:
            ([], [Argument("apps", "a{sa{sv}}")], "Every app the agent knows, with its settings.")
        case .add:
            (
                [app, Argument("request", "a{sv}")], [Argument("id", "u")],
                "Adds a notification request (with a \"trigger\" entry: scheduled) through the permission-filtered "
                    + "pipeline. Answers the notification server's id, 0 when scheduled or delivered to the list only; "
                    + "NotificationsNotAllowed when the app may not notify. A scheduled request is on disk before the "
                    + "answer."
            )
        case .push:
            (
                [app, Argument("payload_json", "s")], [Argument("app", "s"), Argument("id", "u")],
                "Delivers an APNs JSON payload (as `xcrun simctl push` takes it) through the same pipeline. An empty "
                    + "app takes the payload's top-level \"Simulator Target Bundle\". Answers the app delivered to and "
                    + "the server's id."
            )
        case .listPending:
            (
                [app], [Argument("pending", "a(a{sv}a{sv}d)")],
                "The app's scheduled requests, soonest first: each request, its trigger and its next fire date "
                    + "(seconds since 1970)."
            )
        case .removePending:
            (
                [app, Argument("identifiers", "as")], [Argument("removed", "u")],
                "Removes the app's scheduled requests with these identifiers (an empty list: all of them); answers "
                    + "how many were removed."
            )
        case .listDelivered:
            (
                [app], [Argument("delivered", "a(uda{sv})")],
                "What the notification server still shows for the app, oldest first: server id, delivery date "
                    + "(seconds since 1970) and request."
            )
        case .removeDelivered:
            (
                [app, Argument("identifiers", "as")], [Argument("removed", "u")],
                "Takes the app's delivered notifications with these identifiers (an empty list: all of them) off the "
                    + "screen; answers how many."
            )
        case .setBadge:
            (
                [app, Argument("count", "x")], [Argument("shown", "b")],
                "Sets the app's badge (0 clears it), shown on launchers that read com.canonical.Unity.LauncherEntry; "
                    + "answers whether the settings allow badges."
            )
        case .setCategories:
            (
                [app, Argument("categories_json", "s")], [],
                "Replaces the app's notification categories (their actions become buttons)."
            )
        case .getCategories:
            ([app], [Argument("categories_json", "s")], "The app's notification categories.")
        case .listen:
            (
                [app], [Argument("queued", "aa{sv}")],
                "Makes the caller a listener for the app's responses, sent to it as Response signals until it leaves "
                    + "the bus; answers the responses that waited for a listener."
            )
        case .registerPresenter:
            (
                [app], [],
                "Makes the caller the app's presenter: before presenting a notification of the app, the agent calls "
                    + "org.unotify.App1.WillPresent on the caller (the delegate's willPresent)."
            )
        case .reply:
            (
                [Argument("token", "s"), Argument("text", "s")], [],
                "Answers a text-input action on a server without a reply field: the token is the one the "
                    + "notification showed (`unotify reply NUMBER TEXT`)."
            )
        }
    }
}
