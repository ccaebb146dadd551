/// A `Notify` call seen on the bus, with the id the server answered.
public struct NotifyCall: Sendable, Equatable {
    public let appName: String
    public let replacesID: UInt32
    public let summary: String
    public let body: String
    /// Keys and labels, alternating, as sent.
    public let actions: [String]
    public let hintKeys: [String]
    /// The hints whose values are scalars, by key (`urgency` → `1`, `category` → `im.received`).
    public let hints: [String: String]
    /// Milliseconds; -1 the server's default, 0 never.
    public let expireTimeout: Int32
    /// The id in the server's reply; nil while no reply has been seen.
    public let returnedID: UInt32?

    /// The action keys (every other element of ``actions``).
    public var actionKeys: [String] { stride(from: 0, to: actions.count, by: 2).map { actions[$0] } }
}
