import NotificationAgentClient

/// The document `delivered.json` holds: the notifications the agent delivered and the server
/// still shows, with the server connection that showed each, `{"version": 1, "notifications": […]}`.
struct DeliveredFile: StoredDocument, Equatable {
    static let currentVersion = 1
    static let fileName = "delivered.json"
    static let kind = StoredDocumentKind.delivered
    static let empty = DeliveredFile()

    var version = currentVersion
    var notifications: [StoredDelivered] = []
}
