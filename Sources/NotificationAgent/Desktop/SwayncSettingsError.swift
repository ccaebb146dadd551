/// Why SwayNotificationCenter's `config.json` cannot be read: the caller keeps the agent's own
/// settings and says so once.
struct SwayncSettingsError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
