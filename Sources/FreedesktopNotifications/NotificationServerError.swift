import DBus

/// Why talking to the notification server failed, in words that say what to do.
public struct NotificationServerError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }
        /// The code's name, such as `noServer`.
        public var description: String { name }

        /// There is no session bus to connect to.
        public static let noSessionBus = Code("noSessionBus")
        /// Nobody owns `org.freedesktop.Notifications`.
        public static let noServer = Code("noServer")
        /// The server did not answer in time.
        public static let timedOut = Code("timedOut")
        /// The server answered with an error.
        public static let rejected = Code("rejected")
        /// The server's answer did not have the specified types.
        public static let badReply = Code("badReply")
        /// The arguments could not be sent (e.g. a string with a NUL byte).
        public static let invalidArgument = Code("invalidArgument")
        /// The connection to the bus was lost.
        public static let disconnected = Code("disconnected")
    }

    /// The kind of failure.
    public var code: Code
    /// What went wrong and how to fix it.
    public var message: String
    /// The D-Bus error name, when the server or the bus sent one.
    public var dbusErrorName: String?
    /// The text that came with ``dbusErrorName``, word for word (the bus's or the server's).
    public var dbusErrorMessage: String?

    /// An error of kind `code` that says `message`, with the D-Bus error name when one was sent.
    public init(_ code: Code, _ message: String, dbusErrorName: String? = nil) {
        self.code = code
        self.message = message
        self.dbusErrorName = dbusErrorName
    }

    /// The message: what went wrong and how to fix it.
    public var description: String { message }

    /// Translates a transport error into the notification vocabulary.
    public init(_ error: DBusError, server: BusName) {
        switch error.code {
        case .connectionFailed:
            self.init(.noSessionBus, error.message)
        case .timedOut:
            self.init(
                .timedOut, "the notification server (\(server)) did not answer in time", dbusErrorName: error.name)
        case .disconnected:
            self.init(.disconnected, "lost the connection to the session bus: \(error.message)")
        case .peerGone:
            self.init(
                .noServer, "the notification server (\(server)) quit before it answered", dbusErrorName: error.name)
        case .invalidArgument:
            self.init(.invalidArgument, error.message)
        case .unexpectedType:
            self.init(.badReply, "the notification server's reply was malformed: \(error.message)")
        default:
            switch error.name {
            case ErrorName.serviceUnknown.rawValue, ErrorName.nameHasNoOwner.rawValue:
                self.init(
                    .noServer,
                    "no notification server is running: nothing owns \(server) on the session bus; "
                        + "start one (for example dunst, xfce4-notifyd or your desktop's)",
                    dbusErrorName: error.name)
            case _ where error.isActivationFailure:
                // Installed but it failed to start: still no server on the bus.
                self.init(
                    .noServer,
                    "the notification server (\(server)) could not be started: its D-Bus activation failed: "
                        + "\(error.description)",
                    dbusErrorName: error.name)
            default:
                self.init(.rejected, "the notification server refused: \(error.description)", dbusErrorName: error.name)
            }
        }
        if dbusErrorName != nil { dbusErrorMessage = error.message }
    }
}
