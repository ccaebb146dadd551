import DBus

/// The names of the agent's D-Bus service, `org.unotify.Agent1`, defined once.
///
/// Methods (all take the app identifier first):
/// - `RequestAuthorization(s app, t options) → (b decided, b granted, i status)`: answers at
///   once when nothing needs asking; otherwise shows the prompt and answers with
///   `decided = false`; the user's answer comes later as `AuthorizationDecided`.
/// - `GetSettings(s app) → a{sv}`, `SetSettings(s app, a{sv} changes) → a{sv}`,
///   `ResetSettings(s app)`, `ListApps() → a{sa{sv}}`: the Settings app's role.
/// - `Add(s app, a{sv} request) → u`: the permission-filtered pipeline; returns the server id.
/// - `Push(s app, s payloadJSON) → (s app, u id)`: an APNs JSON payload (as `xcrun simctl push`
///   takes it) delivered through the same pipeline; an empty `app` takes the payload's top-level
///   "Simulator Target Bundle". Returns the app delivered to and the server id.
/// Signals: `AuthorizationDecided(s app, b granted, i status)`; `AuthorizationFailed(s app,
/// s reason)` when the prompt the waiting requests depend on could not be shown or its server
/// went away before the user answered (nothing was decided; asking again shows a new prompt).
/// Errors: `org.unotify.Error.NotificationsNotAllowed`, `…InvalidArgument`, `…Settings`,
/// `…Server`.
package enum AgentInterface {
    package static let busName: BusName = "org.unotify.Agent"
    package static let path: ObjectPath = "/org/unotify/Agent"
    package static let interface: InterfaceName = "org.unotify.Agent1"

    /// Where a running app answers the agent's `WillPresent(s app, a{sv} request) → (b answered, u options)`
    /// (interface `org.unotify.App1`): the delegate's `willPresent`, as Apple's presentation options.
    package static let appPath: ObjectPath = "/org/unotify/App"
    package static let appInterface: InterfaceName = "org.unotify.App1"

    /// Every method of `interface` with the D-Bus signature of its arguments. The agent refuses
    /// a call whose arguments do not have exactly this signature (none missing, none extra).
    package static let methodSignatures: [String: String] = [
        "RequestAuthorization": "st", "GetSettings": "s", "SetSettings": "sa{sv}", "ResetSettings": "s",
        "ListApps": "", "SetCategories": "ss", "GetCategories": "s", "RegisterPresenter": "s", "Listen": "s",
        "Reply": "ss", "ListDelivered": "s", "RemoveDelivered": "sas", "Add": "sa{sv}", "SetBadge": "sx",
        "Push": "ss", "ListPending": "s", "RemovePending": "sas",
    ]

    package static let notAllowedError = "org.unotify.Error.NotificationsNotAllowed"
    package static let invalidArgumentError = "org.unotify.Error.InvalidArgument"
    package static let settingsError = "org.unotify.Error.Settings"
    package static let serverError = "org.unotify.Error.Server"
    package static let cannotAskError = "org.unotify.Error.CannotAsk"
}
