import FreedesktopNotifications

/// The typed replies waiting for their text, oldest first, at most ``limit``: one more drops
/// the oldest, so a user who clicks *Reply* and never types cannot make the agent grow.
struct PendingReplies: Sendable {
    /// How many replies wait at most.
    static let limit = 32
    private(set) var waiting: [PendingReply] = []

    var count: Int { waiting.count }

    /// Adds `reply`; returns the oldest ones dropped to stay within the limit.
    mutating func add(_ reply: PendingReply) -> [PendingReply] {
        waiting.append(reply)
        let excess = waiting.count - Self.limit
        guard excess > 0 else { return [] }
        let dropped = Array(waiting.prefix(excess))
        waiting.removeFirst(excess)
        return dropped
    }

    /// The reply waiting under `number`, taken out (a number answers once).
    mutating func take(_ number: String) -> PendingReply? {
        guard let index = waiting.firstIndex(where: { $0.number == number }) else { return nil }
        return waiting.remove(at: index)
    }

    /// Records where the "Reply to …" notification showing `number` is shown; false when that
    /// reply no longer waits (it was answered or dropped meanwhile).
    mutating func promptShown(_ number: String, at id: OwnedNotificationID) -> Bool {
        guard let index = waiting.firstIndex(where: { $0.number == number }) else { return false }
        waiting[index].promptShownAt = id
        return true
    }

    /// The "Reply to …" notification shown under `id` is gone (the user closed it, or its server
    /// went away); its reply still waits.
    mutating func promptGone(_ id: OwnedNotificationID) {
        for index in waiting.indices where waiting[index].promptShownAt == id { waiting[index].promptShownAt = nil }
    }
}
