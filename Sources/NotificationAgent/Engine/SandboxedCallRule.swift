import NotificationAgentClient

/// What a sandboxed app may do with each of the agent's methods: act for itself only, call a
/// method that acts for no app, or nothing (the Settings app's methods, and `Relay`, which
/// shows whatever it is given with no app named).
enum SandboxedCallRule: Sendable {
    /// The first argument is the app, and it must be the caller's own.
    case ownAppOnly
    /// The method acts for no app and reveals none: allowed.
    case allowed
    /// Refused to every sandboxed app.
    case refused

    /// The rule for `method`.
    init(_ method: AgentMethod) {
        switch method {
        case .requestAuthorization, .getSettings, .add, .push, .registerPush, .registerPushWithServerKey,
            .unregisterPush, .listPending, .removePending, .listDelivered, .removeDelivered, .setBadge,
            .setCategories, .getCategories, .listen, .registerPresenter:
            self = .ownAppOnly
        case .reply, .pushStatus, .pushServers, .getDesktop, .getVersion:
            self = .allowed
        case .setSettings, .resetSettings, .listApps, .relay:
            self = .refused
        }
    }
}
