import NotificationAgentClient

/// The document `categories.json` holds: `{"version": 1, "apps": {id: [category…]}}`.
struct CategoriesFile: StoredDocument, Equatable {
    static let currentVersion = 1
    static let fileName = "categories.json"
    static let kind = StoredDocumentKind.categories
    static let empty = CategoriesFile()

    var version = currentVersion
    var apps: [String: [CategoryRecord]] = [:]
}
