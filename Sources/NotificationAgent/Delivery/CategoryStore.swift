import Foundation
import NotificationAgentClient

/// Each app's notification categories, persisted next to the settings in `categories.json`
/// (``CategoriesFile``), a ``DocumentFile`` like the other stores.
struct CategoryStore: Sendable {
    private let file: DocumentFile<CategoriesFile>
    /// The writes, off the agent's actor: waiting for `categories.lock` delays only them.
    private let writes = StoreWriteQueue()

    init(directory: URL) {
        file = DocumentFile(directory: directory, prettyPrinted: true)
    }

    func categories(for app: String) throws -> [CategoryRecord] {
        try file.load().apps[app] ?? []
    }

    /// Stores `categories` as the app's; returns once they are on disk.
    ///
    /// - Throws: `StoreError` naming the file when it cannot be written (nothing changed then).
    func set(_ categories: [CategoryRecord], for app: String) async throws {
        let file = file
        try await writes.run { try file.update { $0.apps[app] = categories.isEmpty ? nil : categories } }
    }
}
