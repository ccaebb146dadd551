/// Why a notification was closed: the second argument of `NotificationClosed`.
public enum CloseReason: Hashable, Sendable {
    /// 1: it expired.
    case expired
    /// 2: the user dismissed it.
    case dismissed
    /// 3: `CloseNotification` was called.
    case closedByCall
    /// 4: undefined or reserved.
    case undefined
    /// Any other value, kept as it came.
    case unrecognized(UInt32)

    /// The reason a `NotificationClosed` signal carries as `wireValue`.
    public init(wireValue: UInt32) {
        switch wireValue {
        case 1: self = .expired
        case 2: self = .dismissed
        case 3: self = .closedByCall
        case 4: self = .undefined
        default: self = .unrecognized(wireValue)
        }
    }

    /// The number the signal carries for this reason.
    public var wireValue: UInt32 {
        switch self {
        case .expired: 1
        case .dismissed: 2
        case .closedByCall: 3
        case .undefined: 4
        case .unrecognized(let value): value
        }
    }
}
