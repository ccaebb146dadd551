extension AgentMethod {
    /// The arguments of most methods: an app identifier (at most 255 bytes) and a few numbers.
    package static let smallArgumentBytes = 4_096

    /// The most a call's arguments may hold, in bytes (each string's UTF-8 bytes, each number and
    /// boolean its size on the wire: `DBusMethodDescription.maximumArgumentBytes`): the agent
    /// refuses a larger call with `LimitsExceeded` before reading it, so a huge call costs the
    /// agent no memory, and logs the refusal. docs/RELIABILITY.md lists them.
    package var maximumArgumentBytes: Int {
        switch self {
        case .requestAuthorization, .getSettings, .resetSettings, .listApps, .listPending, .listDelivered,
            .setBadge, .getCategories, .listen, .registerPresenter, .getDesktop, .registerPush,
            .registerPushWithServerKey, .unregisterPush, .pushStatus, .pushServers, .getVersion:
            Self.smallArgumentBytes
        // An app and at most a dozen settings of short names.
        case .setSettings: 16_384
        // An app and a request within `DeliveryRequest.Limits`, with its trigger.
        case .add: 1_048_576
        // An app and a payload of at most APNs' 4 KiB.
        case .push: 8_192
        // An app and identifiers of at most 1 KiB each.
        case .removePending, .removeDelivered: 1_048_576
        // An app and categories' JSON within `CategoryRecord.Limits.jsonBytes`.
        case .setCategories: CategoryRecord.Limits.jsonBytes + Self.smallArgumentBytes
        // Notify's arguments from `unotify send`, which relays only a summary and body of at most
        // 256 KiB together (`SendRelay`).
        case .relay: 1_048_576
        // A reply number and a reply of at most 64 KiB, as a notification's body.
        case .reply: DeliveryRequest.Limits.body + Self.smallArgumentBytes
        }
    }
}
