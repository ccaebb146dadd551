import DBus

/// The agent's D-Bus service, `org.unotify.Agent1`, defined once: its names; each method as an
/// ``AgentCall`` and each signal as an ``AgentEvent`` (`AgentInterface+Methods.swift`,
/// `AgentInterface+Signals.swift`), typed, through which both the agent and ``AgentClient``
/// encode and decode; and ``description``, built from them, which the agent exports (and
/// answers `Introspect` with) and `dbus/org.unotify.Agent1.xml` holds (`unotifyd --introspect`
/// prints it).
package enum AgentInterface {
    /// `org.unotify.Agent`, or in a sandbox that hides it, this app's own agent's name (``AgentBusName``).
    package static var busName: BusName { AgentBusName.inUse }
    package static let path: ObjectPath = "/org/unotify/Agent"
    package static let interface: InterfaceName = "org.unotify.Agent1"

    /// Where a running app answers the agent's `WillPresent(s app, a{sv} request) → (b answered, u options)`
    /// (interface `org.unotify.App1`): the delegate's `willPresent`, as Apple's presentation options.
    package static let appPath: ObjectPath = "/org/unotify/App"
    package static let appInterface: InterfaceName = "org.unotify.App1"

    /// The interface as introspection describes it; the agent refuses a call that does not
    /// match it (another interface, an unknown method, arguments of another signature).
    package static let description = DBusInterfaceDescription(
        interface,
        documentation: "unotifyd, the per-user notification agent: it owns every app's notification settings, the "
            + "schedule and what is on screen, and shows notifications through org.freedesktop.Notifications. Every "
            + "method but ListApps, Reply and PushStatus takes the app identifier (a reverse-DNS bundle identifier) first.",
        methods: AgentMethod.allCases.map(\.description),
        signals: AgentSignal.allCases.map(\.description),
        errors: [
            DBusErrorDescription(
                ErrorName(stringLiteral: notAllowedError),
                documentation: "the app may not notify (denied, or its settings turn this off)"),
            DBusErrorDescription(
                ErrorName(stringLiteral: invalidArgumentError),
                documentation: "an argument is malformed or out of bounds; the message says which"),
            DBusErrorDescription(
                ErrorName(stringLiteral: settingsError),
                documentation: "the settings or schedule could not be read or saved; the message names the file"),
            DBusErrorDescription(
                ErrorName(stringLiteral: serverError),
                documentation: "the notification server failed or went away; ask again"),
            DBusErrorDescription(
                ErrorName(stringLiteral: cannotAskError),
                documentation: "the server cannot show buttons, so the prompt cannot be answered in "
                    + "it; the user was shown the command that answers it"),
            DBusErrorDescription(
                ErrorName(stringLiteral: pushUnavailableError),
                documentation: "no UnifiedPush distributor is on the session bus, or it refused the registration; "
                    + "the message says which"),
        ])

    /// The interface a running app exports at ``appPath`` for the agent.
    package static let appDescription = DBusInterfaceDescription(
        appInterface,
        documentation: "Exported by a running app that has a UNUserNotificationCenter delegate.",
        methods: [
            DBusMethodDescription(
                "WillPresent", arguments: willPresentArguments.fields, reply: willPresentReply.fields,
                documentation: "The delegate's willPresent: how to present this notification, as "
                    + "UNNotificationPresentationOptions bits; answered = false when the app has "
                    + "no delegate.")
        ])

    /// `WillPresent`'s arguments, which the agent encodes and the app decodes.
    package static let willPresentArguments = AgentBody("app", String.self, "request", DeliveryRequest.self)
    /// `WillPresent`'s reply, which the app encodes and the agent decodes.
    package static let willPresentReply = AgentBody("answered", Bool.self, "options", UInt32.self)

    package static let notAllowedError = "org.unotify.Error.NotificationsNotAllowed"
    package static let invalidArgumentError = "org.unotify.Error.InvalidArgument"
    package static let settingsError = "org.unotify.Error.Settings"
    package static let serverError = "org.unotify.Error.Server"
    package static let cannotAskError = "org.unotify.Error.CannotAsk"
    package static let pushUnavailableError = "org.unotify.Error.PushUnavailable"
}
