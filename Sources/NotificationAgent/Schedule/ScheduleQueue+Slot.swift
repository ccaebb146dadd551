extension ScheduleQueue {
    /// One entry of the queue's heap: a fire date and the key and generation of the pending
    /// notification it was pushed for. The slot is *stale*, and skipped, once that notification
    /// has been removed or replaced (its key then has another generation, or none).
    struct Slot: Comparable, Sendable {
        /// The fire date, in seconds since 1970.
        var fireDate: Double
        /// The generation of the notification when the slot was pushed; also orders slots with
        /// equal dates by when they were added.
        var generation: UInt64
        /// The notification's key.
        var key: PendingKey

        /// Earlier dates first; equal dates in the order they were pushed.
        static func < (lhs: Slot, rhs: Slot) -> Bool {
            (lhs.fireDate, lhs.generation) < (rhs.fireDate, rhs.generation)
        }

        /// Slots are equal when date and generation are (a generation is pushed once).
        static func == (lhs: Slot, rhs: Slot) -> Bool {
            lhs.fireDate == rhs.fireDate && lhs.generation == rhs.generation
        }
    }
}
