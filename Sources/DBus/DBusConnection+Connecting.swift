import Dispatch

extension DBusConnection {
    /// Connects to the bus at `address` as ``init(address:timeout:)`` does, without holding one of
    /// Swift's shared threads meanwhile.
    ///
    /// Connecting waits for the bus to answer `Hello` (up to libdbus's 25 s), blocking the thread
    /// it runs on. In async code that thread is one of the few (as many as there are cores) that
    /// every task of the process shares: a bus that stops answering would stall the whole app,
    /// not only the caller. This runs the connect on a dispatch queue of its own.
    ///
    /// - Throws: ``DBusError`` with code `.connectionFailed` naming the address and the reason.
    public static func connect(address: String) async throws -> DBusConnection {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "unotify.dbus.connect").async {
                continuation.resume(with: Result { try DBusConnection(address: address) })
            }
        }
    }

    /// Connects to the session bus as ``sessionBus()`` does, without holding one of Swift's
    /// shared threads meanwhile (see ``connect(address:)``).
    public static func connectToSessionBus() async throws -> DBusConnection {
        try await connect(address: BusAddress.session())
    }
}
