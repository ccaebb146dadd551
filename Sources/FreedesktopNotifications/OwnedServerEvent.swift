/// A ``ServerEvent`` with the server connection that emitted it, so that its id can be matched
/// with the ``OwnedNotificationID`` that connection issued.
public struct OwnedServerEvent: Hashable, Sendable {
    /// The unique bus name of the server connection that emitted the signal.
    public let owner: String
    /// What happened.
    public let event: ServerEvent

    /// The `event` emitted by the connection `owner`.
    public init(owner: String, event: ServerEvent) {
        self.owner = owner
        self.event = event
    }

    /// The notification the event is about, as issued by `owner`.
    public var notification: OwnedNotificationID { OwnedNotificationID(owner: owner, id: event.notificationID) }
}
