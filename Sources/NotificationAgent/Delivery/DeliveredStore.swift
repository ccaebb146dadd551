import FreedesktopNotifications
import Foundation

/// The delivered notifications on disk (`delivered.json`, ``DeliveredFile``), so that an agent
/// that restarted (a crash, SIGKILL, an upgrade) still replaces a notification by its identifier
/// and removes it, on the server connection that still shows it, instead of showing a second one.
/// Written after each change, coalesced (``NotificationAgent/deliveredChanged()``); a write that
/// fails is reported and costs only that: the notification is on screen either way.
struct DeliveredStore: Sendable {
    private let file: DocumentFile<DeliveredFile>
    /// The writes, in order, off the agent's actor.
    private let writes = StoreWriteQueue()

    init(directory: URL) {
        file = DocumentFile(directory: directory, prettyPrinted: false)
    }

    /// The notifications on disk.
    ///
    /// - Throws: `StoreError` naming the file when it cannot be read.
    func load() throws -> [StoredDelivered] {
        try file.load().notifications
    }

    /// Writes `delivered` as the whole list; returns once it is on disk.
    func save(_ delivered: [OwnedNotificationID: DeliveredNotification]) async throws {
        let file = file
        let document = DeliveredFile(
            notifications: delivered.map { StoredDelivered($0.value, at: $0.key) }.sorted { $0.date < $1.date })
        try await writes.run { try file.save(document) }
    }
}
