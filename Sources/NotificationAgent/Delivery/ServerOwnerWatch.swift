/// What the agent follows of the notification server: the owner of its name as last seen, and
/// the tasks that read the owner changes and the owner's signals.
///
/// Kept by the `NotificationAgent` actor; what a change of owner or a signal does is in
/// `NotificationAgent+ServerEvents.swift`.
struct ServerOwnerWatch {
    /// The unique name that owned the server's name when it last changed; `nil` before the
    /// first change is seen, or while nobody owns it.
    var owner: String?
    /// The tasks reading `NotificationServer.ownerChanges()` and `ownedEvents()`.
    private var readers: [Task<Void, Never>] = []

    /// Keeps `reader`, a task that reads one of the server's streams, until `stop()`.
    mutating func follow(_ reader: Task<Void, Never>) {
        readers.append(reader)
    }

    /// Stops following the server.
    mutating func stop() {
        for reader in readers { reader.cancel() }
        readers = []
    }
}
