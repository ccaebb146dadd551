import NotificationAgentClient

/// The document the old `responses.json` held (now `responses.journal`, ``ResponseQueueStore``,
/// which takes it over once): the user's responses that no listening app had taken yet,
/// `{"version": 1, "apps": {id: [response…]}}`, oldest first.
struct ResponsesFile: StoredDocument, Equatable {
    static let currentVersion = 1
    static let fileName = "responses.json"
    static let kind = StoredDocumentKind.responses
    static let empty = ResponsesFile()

    var version = currentVersion
    var apps: [String: [StoredResponse]] = [:]
}
