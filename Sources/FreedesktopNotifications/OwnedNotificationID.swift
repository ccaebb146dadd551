/// A notification id together with the server connection that issued it.
///
/// A notification server numbers its notifications itself, and a restarted server (dunst on a
/// configuration reload, a desktop shell restarting, the user switching daemons) numbers from 1
/// again, so an id alone is ambiguous: id 1 of the old server and id 1 of the new one are
/// different notifications, possibly of different programs. The owner is the unique bus name
/// (`:1.42`) of the connection that answered `Notify`; the bus never gives a unique name out
/// twice, so the pair names one notification for the life of the bus.
public struct OwnedNotificationID: Hashable, Sendable, CustomStringConvertible {
    /// The unique bus name of the server connection that issued `id`.
    public let owner: String
    /// The id that connection gave the notification.
    public let id: ServerNotificationID

    /// The notification `id` issued by the connection `owner`.
    public init(owner: String, id: ServerNotificationID) {
        self.owner = owner
        self.id = id
    }

    /// The id and its owner, as `7@:1.42`.
    public var description: String { "\(id)@\(owner)" }
}
