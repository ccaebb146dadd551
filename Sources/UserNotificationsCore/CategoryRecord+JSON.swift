import Foundation
import NotificationAgentClient

extension CategoryRecord {
    /// The categories of `SetCategories`' JSON text, read and checked: at most
    /// ``Limits/jsonBytes`` of text, the documented form, and every ``Limits`` of the records.
    ///
    /// - Throws: an `invalidArgument` ``AgentError`` saying what is wrong, quoting little of it.
    package static func list(json: String) throws -> [CategoryRecord] {
        let size = json.utf8.count
        guard size <= Limits.jsonBytes else {
            throw AgentError(
                .invalidArgument, "the categories' JSON is \(size) bytes: at most \(Limits.jsonBytes) are accepted")
        }
        let records: [CategoryRecord]
        do {
            records = try JSONDecoder().decode([CategoryRecord].self, from: Data(json.utf8))
        } catch {
            throw AgentError(
                .invalidArgument,
                "the categories are not valid JSON of the documented form: "
                    + AgentError.visible("\(error)", limit: 300))
        }
        try validate(records)
        return records
    }
}
