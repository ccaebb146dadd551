import DBus

/// Whether the sender of a call is still on the bus when the server asks for its process, as
/// GNOME Shell's notification service asks (`GetConnectionUnixProcessID`) for every `Notify`.
enum SenderPresence {
    /// Waits until `sender` has left the bus or `patience` has passed, then asks the bus for
    /// its process: `true` when the bus knows it.
    static func stays(_ sender: String, patience: Duration, on connection: DBusConnection) async throws -> Bool {
        let name = try BusName(validating: sender)
        let changes = try await connection.nameOwnerChanges(of: name)
        if try await connection.nameOwner(of: name) != nil {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await change in changes where change.newOwner == nil { return }
                }
                group.addTask { try await Task.sleep(for: patience) }
                try await group.next()
                group.cancelAll()
            }
        }
        do {
            _ = try await connection.processID(of: name)
            return true
        } catch is DBusError {
            return false
        }
    }
}
