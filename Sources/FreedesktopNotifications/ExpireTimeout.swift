/// How long a notification stays on screen: `expire_timeout` of `Notify`.
public enum ExpireTimeout: Hashable, Sendable {
    /// The server decides (-1).
    case serverDefault
    /// Never expires (0).
    case never
    /// Expires after this many milliseconds (> 0).
    case milliseconds(Int32)

    /// The wire value.
    public var rawValue: Int32 {
        switch self {
        case .serverDefault: -1
        case .never: 0
        case .milliseconds(let value): value
        }
    }

    /// As notify-send reads `-t`: negative is the server's default, 0 never, else milliseconds.
    public init(rawValue: Int32) {
        if rawValue < 0 {
            self = .serverDefault
        } else if rawValue == 0 {
            self = .never
        } else {
            self = .milliseconds(rawValue)
        }
    }
}
