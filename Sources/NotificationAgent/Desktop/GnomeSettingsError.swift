/// Why GNOME's notification settings cannot be read or written: said once on stderr, and the
/// agent's own settings count alone.
struct GnomeSettingsError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
