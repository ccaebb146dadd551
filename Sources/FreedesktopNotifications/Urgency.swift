/// The `urgency` hint (type `y`).
public enum Urgency: UInt8, Sendable, CaseIterable {
    /// 0: a notification that can wait; some servers show it less prominently.
    case low = 0
    /// 1: the default.
    case normal = 1
    /// 2: stays until the user closes it, on servers that follow the specification.
    case critical = 2

    /// Parses `low`, `normal` or `critical`, case-insensitively, as notify-send does.
    public init?(name: String) {
        switch name.lowercased() {
        case "low": self = .low
        case "normal": self = .normal
        case "critical": self = .critical
        default: return nil
        }
    }

    /// The level's name: `low`, `normal` or `critical`.
    public var name: String {
        switch self {
        case .low: "low"
        case .normal: "normal"
        case .critical: "critical"
        }
    }
}
