import DBus

/// Every method of the agent's interface, `org.unotify.Agent1`, by name: what the agent
/// dispatches on. Each one's types, codec and documentation are its ``AgentCall`` (in
/// `AgentInterface+Methods.swift`), which ``description`` reaches through one exhaustive
/// `switch`, so no method goes without one; `dbus/org.unotify.Agent1.xml` is generated from them.
package enum AgentMethod: String, CaseIterable, Sendable {
    case requestAuthorization = "RequestAuthorization"
    case getSettings = "GetSettings"
    case setSettings = "SetSettings"
    case resetSettings = "ResetSettings"
    case listApps = "ListApps"
    case add = "Add"
    case push = "Push"
    case registerPush = "RegisterPush"
    case registerPushWithServerKey = "RegisterPushWithServerKey"
    case unregisterPush = "UnregisterPush"
    case pushStatus = "PushStatus"
    case pushServers = "PushServers"
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
    case getDesktop = "GetDesktop"
    case relay = "Relay"
    case getVersion = "GetVersion"

    package var name: MemberName { MemberName(stringLiteral: rawValue) }

    /// The method's arguments, reply and documentation, from its ``AgentCall``.
    package var description: DBusMethodDescription {
        switch self {
        case .requestAuthorization: AgentInterface.requestAuthorization.description
        case .getSettings: AgentInterface.getSettings.description
        case .setSettings: AgentInterface.setSettings.description
        case .resetSettings: AgentInterface.resetSettings.description
        case .listApps: AgentInterface.listApps.description
        case .add: AgentInterface.add.description
        case .push: AgentInterface.push.description
        case .registerPush: AgentInterface.registerPush.description
        case .registerPushWithServerKey: AgentInterface.registerPushWithServerKey.description
        case .unregisterPush: AgentInterface.unregisterPush.description
        case .pushStatus: AgentInterface.pushStatus.description
        case .pushServers: AgentInterface.pushServers.description
        case .listPending: AgentInterface.listPending.description
        case .removePending: AgentInterface.removePending.description
        case .listDelivered: AgentInterface.listDelivered.description
        case .removeDelivered: AgentInterface.removeDelivered.description
        case .setBadge: AgentInterface.setBadge.description
        case .setCategories: AgentInterface.setCategories.description
        case .getCategories: AgentInterface.getCategories.description
        case .listen: AgentInterface.listen.description
        case .registerPresenter: AgentInterface.registerPresenter.description
        case .reply: AgentInterface.reply.description
        case .getDesktop: AgentInterface.getDesktop.description
        case .relay: AgentInterface.relay.description
        case .getVersion: AgentInterface.getVersion.description
        }
    }
}
