extension ScheduleQueue {
    /// A live pending notification and the generation of its one live heap slot.
    struct Entry: Sendable {
        /// The notification.
        var notification: PendingNotification
        /// The generation its live slot carries.
        var generation: UInt64
    }
}
