/// A change an app made to the schedule, kept until the save that holds it is on disk, so
/// that it can be taken back when that save fails: nothing is decided that is not on disk.
enum ScheduleChange: Sendable {
    /// `added` went into the queue, replacing `replaced` (the pending one with the same key).
    case added(PendingNotification, replaced: PendingNotification?)
    /// These left the queue (`queue`) and the notifications due but not yet handed over
    /// (`firing`).
    case removed(queue: [PendingNotification], firing: [PendingNotification])

    /// How many notifications the change removed.
    var removedCount: Int {
        switch self {
        case .added: 0
        case .removed(let queue, let firing): queue.count + firing.count
        }
    }

    /// What the caller is told happened instead, when the save failed and the change was taken back.
    var takenBack: String {
        switch self {
        case .added:
            "Nothing was scheduled: add the notification again once the file can be written."
        case .removed:
            "Nothing was removed: the notifications are still pending; remove them again once the file can be written."
        }
    }
}
