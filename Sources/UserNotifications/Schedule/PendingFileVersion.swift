/// Only the `version` of `pending.json`, read first so that a newer format is reported as
/// such rather than as corrupt.
struct PendingFileVersion: Decodable, Sendable {
    /// The format version, if the file has one.
    var version: Int?
}
