import DesktopIntegration

/// Do-not-disturb as a desktop keeps it in a settings file (LXQt's `doNotDisturb` in
/// `lxqt/notifications.conf`, ``FileDoNotDisturb``), read in the agent's environment
/// (`XDG_CONFIG_HOME`, `XDG_CONFIG_DIRS`, `HOME`) before each delivery: a change is followed from
/// the next notification on, with nothing watched.
struct FileDoNotDisturbSource: DoNotDisturbSource {
    /// The file and key.
    let place: FileDoNotDisturb

    var origin: String { place.origin }

    func read() async throws -> Bool { try place.read() }
}
