/// A method call an exported object refused for the size of its arguments, with
/// `org.freedesktop.DBus.Error.LimitsExceeded`, before reading them
/// (``DBusMethodDescription/maximumArgumentBytes``): what the exporter is told, to say so.
public struct DBusRefusedCall: Sendable, Hashable, CustomStringConvertible {
    /// The object the call was addressed to.
    public let path: String
    /// The interface the call named; `nil` when it named none.
    public let interface: String?
    /// The method.
    public let member: String
    /// The caller's unique name; `nil` on a connection without a bus.
    public let sender: String?
    /// The method's limit, in bytes.
    public let limit: Int
    /// The bytes counted before the count stopped: over ``limit``, and at most the arguments'
    /// size (the count stops once it is over).
    public let countedBytes: Int
    /// Whether the caller waits for a reply (one that does not is told nothing: the refusal
    /// reaches nobody).
    public let expectsReply: Bool

    /// `Put (org.example.Store1) from :1.7 refused with LimitsExceeded: 16435 or more bytes of
    /// arguments, at most 16384 taken`.
    public var description: String {
        let named = interface.map { "\(member) (\($0))" } ?? member
        let caller = sender.map { " from \($0)" } ?? ""
        let reply = expectsReply ? "" : "; the caller asked for no reply"
        return "\(named)\(caller) refused with LimitsExceeded: \(countedBytes) or more bytes of arguments, "
            + "at most \(limit) taken\(reply)"
    }
}
