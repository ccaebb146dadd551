/// The `UInt32` id a notification server assigns to a notification.
public struct ServerNotificationID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The id on the wire.
    public var rawValue: UInt32
    /// The id `rawValue`, as a server returned it.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// 0: no id. As `replaces_id` it asks for a new notification.
    public static let unassigned = ServerNotificationID(rawValue: 0)

    /// The id in decimal.
    public var description: String { String(rawValue) }
}
