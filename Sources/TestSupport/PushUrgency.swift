/// A push message's urgency (RFC 8030 §5.3, the `Urgency` header), lowest first.
public enum PushUrgency: String, Sendable, CaseIterable, Comparable {
    /// On power and Wi-Fi (advertisements).
    case veryLow = "very-low"
    /// On either power or Wi-Fi (topic updates).
    case low
    /// On neither power nor Wi-Fi (chat, calendar): the default.
    case normal
    /// Low battery too (incoming call, time-sensitive alert).
    case high

    /// Lower urgencies first.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
