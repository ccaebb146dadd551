import Foundation
import NotificationAgentClient

/// Each app's notification categories, persisted next to the settings in `categories.json`
/// (``CategoriesFile``), a ``DocumentFile`` like the other stores.
struct CategoryStore: Sendable {
    private let file: DocumentFile<CategoriesFile>

    init(directory: URL) {
        file = DocumentFile(directory: directory, prettyPrinted: true)
    }

    func categories(for app: String) throws -> [CategoryRecord] {
        try file.load().apps[app] ?? []
    }

    func set(_ categories: [CategoryRecord], for app: String) throws {
        try file.update { $0.apps[app] = categories.isEmpty ? nil : categories }
    }
}
