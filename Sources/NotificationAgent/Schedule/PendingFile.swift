import UserNotificationsCore

/// The JSON document `pending.json` holds:
/// `{"version":1,"pending":[…],"firing":[…],"timeZone":"Europe/Paris"}`.
struct PendingFile: StoredDocument {
    /// The format version this code writes and reads.
    static let currentVersion = 1
    static let fileName = "pending.json"
    static let kind = StoredDocumentKind.pending
    static let empty = PendingFile(version: currentVersion, pending: [], firing: nil, timeZone: nil)

    /// The format version.
    var version: Int
    /// The pending notifications, earliest first.
    var pending: [PendingNotification]
    /// The notifications taken out of the schedule to be fired and not yet handed to the
    /// server; absent in files written before it existed. An agent that starts and finds some
    /// fires them at once: a crash between the moment and the server's answer loses nothing.
    var firing: [PendingNotification]?
    /// The zone the dates of calendar matches without a zone of their own were computed in
    /// (an identifier, e.g. `Europe/Paris`); absent in files written before it existed. An
    /// agent that starts in another zone moves those dates to it.
    var timeZone: String?

    /// A record no save of a valid queue writes: an empty app or identifier, a date that is
    /// not finite, an invalid trigger, a notification pending twice.
    func problem() -> String? {
        Self.problem(in: pending, field: "pending") ?? Self.problem(in: firing ?? [], field: "firing")
    }

    private static func problem(in pending: [PendingNotification], field: String) -> String? {
        var seen = Set<PendingKey>()
        seen.reserveCapacity(pending.count)
        for (index, notification) in pending.enumerated() {
            let place = "\(field)[\(index)]"
            if notification.app.isEmpty { return "\(place) has an empty app identifier" }
            if notification.identifier.isEmpty { return "\(place) has an empty identifier" }
            guard notification.anchor.isFinite, notification.nextFireDate.isFinite else {
                return "\(place) (\(notification.key)) has a date that is not a finite number"
            }
            do {
                try notification.trigger.validate()
            } catch {
                return "\(place) (\(notification.key)) has an invalid trigger: \(error)"
            }
            if !seen.insert(notification.key).inserted {
                return "\(place) (\(notification.key)) is pending twice"
            }
        }
        return nil
    }
}
