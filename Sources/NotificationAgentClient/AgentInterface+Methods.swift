import DBus

/// The agent's methods, typed: each one's arguments and reply (names and Swift types, from
/// which their D-Bus signatures follow) and what it does. ``AgentMethod`` lists them by name;
/// ``AgentClient`` calls through them and the agent's dispatch answers through them.
extension AgentInterface {
    package static let requestAuthorization = AgentCall(
        .requestAuthorization,
        arguments: AgentBody("app", String.self, "options", AuthorizationOptionBits.self),
        reply: AgentBody("decided", Bool.self, "granted", Bool.self, "status", AppSettings.Authorization.self),
        documentation: "Asks for permission with UNAuthorizationOptions bits. Answers at once (decided = true) when "
            + "nothing needs asking; otherwise shows the prompt and answers decided = false: the user's answer comes "
            + "later as AuthorizationDecided, or AuthorizationFailed when the prompt could not be shown or its "
            + "server went away. status is UNAuthorizationStatus's raw value.")

    package static let getSettings = AgentCall(
        .getSettings, arguments: AgentBody("app", String.self), reply: AgentBody("settings", AppSettings.self),
        documentation:
            "The app's settings (authorization status and each UNNotificationSetting), as the Settings app shows them.")

    package static let setSettings = AgentCall(
        .setSettings, arguments: AgentBody("app", String.self, "changes", [String: DBusVariant].self),
        reply: AgentBody("settings", AppSettings.self),
        documentation:
            "Changes some of the app's settings, as the user does in the Settings app; answers the settings after.")

    package static let resetSettings = AgentCall(
        .resetSettings, arguments: AgentBody("app", String.self), reply: AgentBody(),
        documentation: "Forgets everything about the app: it is not determined again.")

    package static let listApps = AgentCall(
        .listApps, arguments: AgentBody(), reply: AgentBody("apps", [String: AppSettings].self),
        documentation: "Every app the agent knows, with its settings.")

    package static let add = AgentCall(
        .add, arguments: AgentBody("app", String.self, "request", RequestRecord.self),
        reply: AgentBody("id", UInt32.self),
        documentation: "Adds a notification request (with a \"trigger\" entry: scheduled) through the "
            + "permission-filtered pipeline. Answers the notification server's id, 0 when scheduled or delivered to "
            + "the list only; NotificationsNotAllowed when the app may not notify. A scheduled request is on disk "
            + "before the answer.")

    package static let push = AgentCall(
        .push, arguments: AgentBody("app", String.self, "payload_json", String.self),
        reply: AgentBody("app", String.self, "id", UInt32.self),
        documentation: "Delivers an APNs JSON payload (as `xcrun simctl push` takes it) through the same pipeline. An "
            + "empty app takes the payload's top-level \"Simulator Target Bundle\". Answers the app delivered to and "
            + "the server's id.")

    package static let registerPush = AgentCall(
        .registerPush, arguments: AgentBody("app", String.self), reply: AgentBody("subscription_json", String.self),
        documentation: "Registers the app for remote notifications with the UnifiedPush distributor on the bus (once; "
            + "later calls answer the same subscription) and answers its Web Push subscription as a browser's "
            + "PushSubscription.toJSON() gives it: endpoint, expirationTime, keys.p256dh, keys.auth. Fails with "
            + "PushUnavailable when no distributor is on the bus or it refuses the registration.")

    package static let registerPushWithServerKey = AgentCall(
        .registerPushWithServerKey, arguments: AgentBody("app", String.self, "application_server_key", String.self),
        reply: AgentBody("subscription_json", String.self),
        documentation: "RegisterPush for an app server that signs its pushes (VAPID, RFC 8292): its public key, an "
            + "uncompressed P-256 point in base64url (87 characters, a browser's applicationServerKey), goes to "
            + "the distributor as the registration's vapid, and the push service then refuses pushes not signed "
            + "with it. Registering again with another key registers again with that key. InvalidArgs for a key "
            + "that is no P-256 public key.")

    package static let unregisterPush = AgentCall(
        .unregisterPush, arguments: AgentBody("app", String.self), reply: AgentBody("was_registered", Bool.self),
        documentation: "Unregisters the app from remote notifications and forgets its keys; answers whether it was "
            + "registered.")

    package static let pushStatus = AgentCall(
        .pushStatus, arguments: AgentBody(),
        reply: AgentBody("distributor", String.self, "counts", [String: UInt32].self),
        documentation: "The UnifiedPush distributor in use (its bus name; empty when none) and how many push "
            + "messages were delivered and dropped since the agent started, by reason.")

    package static let pushServers = AgentCall(
        .pushServers, arguments: AgentBody(), reply: AgentBody("origins", [String].self),
        documentation: "The push servers the registered apps' messages go through: the origin (scheme, host and "
            + "port) of each endpoint the distributor gave, each once, sorted; empty when no app has one.")

    package static let listPending = AgentCall(
        .listPending, arguments: AgentBody("app", String.self), reply: AgentBody("pending", [PendingRecord].self),
        documentation: "The app's scheduled requests, soonest first: each request, its trigger and its next fire date "
            + "(seconds since 1970).")

    package static let removePending = AgentCall(
        .removePending, arguments: AgentBody("app", String.self, "identifiers", [String].self),
        reply: AgentBody("removed", UInt32.self),
        documentation: "Removes the app's scheduled requests with these identifiers (an empty list: all of them); "
            + "answers how many were removed.")

    package static let listDelivered = AgentCall(
        .listDelivered, arguments: AgentBody("app", String.self), reply: AgentBody("delivered", [DeliveredRecord].self),
        documentation: "What the notification server still shows for the app, oldest first: server id, delivery date "
            + "(seconds since 1970) and request.")

    package static let removeDelivered = AgentCall(
        .removeDelivered, arguments: AgentBody("app", String.self, "identifiers", [String].self),
        reply: AgentBody("removed", UInt32.self),
        documentation: "Takes the app's delivered notifications with these identifiers (an empty list: all of them) "
            + "off the screen; answers how many.")

    package static let setBadge = AgentCall(
        .setBadge, arguments: AgentBody("app", String.self, "count", Int64.self), reply: AgentBody("shown", Bool.self),
        documentation: "Sets the app's badge (0 clears it), shown on launchers that read the Unity "
            + "launcher API (com.canonical.Unity.LauncherEntry); answers whether the settings allow badges.")

    package static let setCategories = AgentCall(
        .setCategories, arguments: AgentBody("app", String.self, "categories_json", String.self), reply: AgentBody(),
        documentation: "Replaces the app's notification categories (their actions become buttons).")

    package static let getDesktop = AgentCall(
        .getDesktop, arguments: AgentBody(),
        reply: AgentBody(
            "do_not_disturb", String.self, "do_not_disturb_origin", String.self, "settings_place", String.self),
        documentation: "What the running desktop holds, as the agent reads it: whether its do-not-disturb is on "
            + "(\"on\", \"off\", or \"unavailable\"), where it was read (or why it cannot be), and where each app's "
            + "notification settings live on it (\"GNOME Settings › Notifications\"; empty where `unotify settings "
            + "APP` is the place).")

    package static let relay = AgentCall(
        .relay, arguments: AgentBody("notify", [DBusVariant].self), reply: AgentBody("id", UInt32.self),
        documentation: "Shows a notification from the agent's own connection, for a sender that exits at once "
            + "(unotify send): GNOME Shell 46 and later close an app's notifications when the connection that "
            + "sent them leaves the bus, and the agent stays. The eight arguments of Notify (susssasa{sv}i), each "
            + "in a variant; answers the server's id. Nothing is checked against the app's settings and nothing "
            + "is kept: the sender's answer path is notify-send's.")

    package static let getVersion = AgentCall(
        .getVersion, arguments: AgentBody(), reply: AgentBody("version", String.self),
        documentation: "The agent's version (MAJOR.MINOR.PATCH), which the library and unotify name when the two "
            + "differ and a call fails. Agents before 0.2.0 do not have it: UnknownMethod.")

    package static let getCategories = AgentCall(
        .getCategories, arguments: AgentBody("app", String.self), reply: AgentBody("categories_json", String.self),
        documentation: "The app's notification categories.")

    package static let listen = AgentCall(
        .listen, arguments: AgentBody("app", String.self), reply: AgentBody("queued", [ResponseRecord].self),
        documentation: "Makes the caller a listener for the app's responses, sent to it as Response signals until it "
            + "leaves the bus; answers the responses that waited for a listener.")

    package static let registerPresenter = AgentCall(
        .registerPresenter, arguments: AgentBody("app", String.self), reply: AgentBody(),
        documentation: "Makes the caller the app's presenter: before presenting a notification of the app, the agent "
            + "calls org.unotify.App1.WillPresent on the caller (the delegate's willPresent).")

    package static let reply = AgentCall(
        .reply, arguments: AgentBody("token", String.self, "text", String.self), reply: AgentBody(),
        documentation: "Answers a text-input action on a server without a reply field: the token is the one the "
            + "notification showed (`unotify reply NUMBER TEXT`).")
}
