/// An error from the D-Bus layer: a local failure, or an error reply that keeps its D-Bus name.
public struct DBusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }
        /// The code's name, such as `timedOut`.
        public var description: String { name }

        /// No bus address is known, or connecting to it failed.
        public static let connectionFailed = Code("connectionFailed")
        /// The connection was closed or lost while the operation was under way.
        public static let disconnected = Code("disconnected")
        /// The peer did not answer before the deadline.
        public static let timedOut = Code("timedOut")
        /// The peer left the bus (quit, crashed, was killed) before it answered: the bus said so
        /// at once, without waiting for the deadline.
        public static let peerGone = Code("peerGone")
        /// An argument (a name, a path, a string, a signature) is not valid for D-Bus.
        public static let invalidArgument = Code("invalidArgument")
        /// A reply or signal did not have the expected types.
        public static let unexpectedType = Code("unexpectedType")
        /// The peer answered with a D-Bus error; ``DBusError/name`` holds its name.
        public static let remote = Code("remote")
    }

    /// The kind of failure.
    public var code: Code
    /// The D-Bus error name, e.g. `org.freedesktop.DBus.Error.ServiceUnknown`, when there is one.
    public var name: String?
    /// What went wrong, in words.
    public var message: String

    /// An error of kind `code` that says `message`, with the D-Bus error `name` when a peer sent one.
    public init(_ code: Code, _ message: String, name: String? = nil) {
        self.code = code
        self.message = message
        self.name = name
    }

    /// The message, after the D-Bus error name when there is one.
    public var description: String {
        if let name { return "\(name): \(message)" }
        return message
    }
}
