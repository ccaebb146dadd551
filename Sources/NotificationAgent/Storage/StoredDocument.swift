import Foundation

/// A JSON document that one of the agent's stores keeps in one private file, with a format
/// `version` read first so that a newer format is reported as such, not as corrupt.
package protocol StoredDocument: Codable, Sendable {
    /// The file's name in the store's directory: `settings.json`.
    static var fileName: String { get }
    /// Which store's file it is, for error messages.
    static var kind: StoredDocumentKind { get }
    /// The format version this code writes and reads.
    static var currentVersion: Int { get }
    /// The document when there is no file.
    static var empty: Self { get }
    /// The document's format version.
    var version: Int { get }
    /// What makes a decoded document invalid as a whole (what no save of a valid one writes),
    /// or nil.
    func problem() -> String?
}

extension StoredDocument {
    package func problem() -> String? { nil }
}

/// Only the `version` of a stored document.
struct StoredDocumentVersion: Decodable {
    var version: Int?
}
