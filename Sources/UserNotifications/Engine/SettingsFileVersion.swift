/// Only the `version` of a settings file, read first so that a newer format is reported as
/// such instead of as corrupt.
struct SettingsFileVersion: Decodable {
    /// The file's format version, if it has one.
    var version: Int?
}
