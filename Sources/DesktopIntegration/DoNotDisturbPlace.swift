/// Where a server's desktop keeps its do-not-disturb switch: the place a row of
/// ``DoNotDisturbRow/table`` records.
package enum DoNotDisturbPlace: Sendable, Hashable {
    /// On the server's bus, read this way.
    case onTheBus(DoNotDisturbSwitch)
    /// In GSettings, which only the agent reads (it links GIO; the CLI does not).
    case inGSettings(GSettingsDoNotDisturb)
    /// In a settings file, which the agent and the CLI both read (LXQt's).
    case inFile(FileDoNotDisturb)
    /// Nowhere unotify can read, for this reason.
    case nowhere(reason: String)

    /// The place in a few words, for `unotify server --explain`'s list of measured facts.
    package var summary: String {
        switch self {
        case .onTheBus(let doNotDisturbSwitch): "keeps its do-not-disturb in \(doNotDisturbSwitch.origin)"
        case .inGSettings: "keeps its do-not-disturb in GSettings"
        case .inFile(let file): "keeps its do-not-disturb in a settings file (\(file.origin))"
        case .nowhere: "has no do-not-disturb unotify can read"
        }
    }
}
