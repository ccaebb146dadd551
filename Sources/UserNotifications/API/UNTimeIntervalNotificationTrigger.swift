import Foundation

/// Delivers a notification a number of seconds from now, once or repeatedly.
///
/// On Apple platforms an interval of zero or less, or a repeating interval under 60 seconds,
/// raises an exception when the trigger is created. On Linux the trigger is created and adding
/// the request fails with ``UNError`` `.notificationInvalidNoDate` and a message saying which
/// rule was broken, so a mistake cannot crash the app.
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The shortest interval of a repeating trigger, as on iOS.
    package static let minimumRepeatingInterval: TimeInterval = 60

    /// The number of seconds from scheduling to delivery (and between repeats).
    public let timeInterval: TimeInterval

    /// When the interval started counting, for a scheduled request; `nil` counts from now.
    package let referenceDate: Date?

    /// Creates a trigger that fires `timeInterval` seconds after the request is added.
    ///
    /// - Parameters:
    ///   - timeInterval: More than zero; at least 60 when `repeats` is `true`.
    ///   - repeats: Whether to fire again every `timeInterval` seconds.
    public convenience init(timeInterval: TimeInterval, repeats: Bool) {
        self.init(timeInterval: timeInterval, repeats: repeats, referenceDate: nil)
    }

    /// Creates a trigger whose interval counts from `referenceDate` (the time it was scheduled).
    package init(timeInterval: TimeInterval, repeats: Bool, referenceDate: Date?) {
        self.timeInterval = timeInterval
        self.referenceDate = referenceDate
        super.init(repeats: repeats)
    }

    /// Reads a trigger archived by `encode(with:)`; `nil` when the interval is missing.
    public required init?(coder: NSCoder) {
        guard let timeInterval = coder.decodeOptionalDouble(forKey: "timeInterval") else { return nil }
        self.timeInterval = timeInterval
        self.referenceDate = coder.decodeObjectIfPresent(of: NSDate.self, forKey: "referenceDate").map { $0 as Date }
        super.init(coder: coder)
    }

    /// Archives the interval, the repetition and when the interval started counting.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(timeInterval, forKey: "timeInterval")
        coder.encode(referenceDate, forKey: "referenceDate")
    }

    /// The next date the trigger fires, or `nil` when it never will.
    open func nextTriggerDate() -> Date? {
        nextTriggerDate(after: Date())
    }

    /// The first date after `now` at which the trigger fires, counting from `referenceDate`
    /// (or from `now` when there is none); `nil` when it never will.
    package func nextTriggerDate(after now: Date) -> Date? {
        guard validationError() == nil else { return nil }
        let start = referenceDate ?? now
        let first = start.addingTimeInterval(timeInterval)
        if first > now { return first }
        guard repeats else { return nil }
        let elapsedIntervals = (now.timeIntervalSince(start) / timeInterval).rounded(.down)
        var next = start.addingTimeInterval((elapsedIntervals + 1) * timeInterval)
        if next <= now { next = next.addingTimeInterval(timeInterval) }
        return next
    }

    /// Why this trigger can never fire: an interval that is not more than zero, or a repeating
    /// interval under 60 seconds.
    package override func validationError() -> UNError? {
        guard timeInterval.isFinite, timeInterval > 0 else {
            return UNError(
                .notificationInvalidNoDate,
                "UNTimeIntervalNotificationTrigger's timeInterval is \(timeInterval): it must be greater than 0.")
        }
        if repeats, timeInterval < Self.minimumRepeatingInterval {
            return UNError(
                .notificationInvalidNoDate,
                "A repeating UNTimeIntervalNotificationTrigger's timeInterval is \(timeInterval): it must be at least 60 seconds."
            )
        }
        return nil
    }

    /// Triggers are equal when interval, repetition and reference date are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNTimeIntervalNotificationTrigger else { return false }
        return timeInterval == other.timeInterval && repeats == other.repeats && referenceDate == other.referenceDate
    }

    /// A hash of the interval and repetition.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(timeInterval)
        hasher.combine(repeats)
        return hasher.finalize()
    }
}
