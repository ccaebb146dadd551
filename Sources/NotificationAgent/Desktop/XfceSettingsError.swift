/// Why Xfce's muted applications cannot be read or written through xfconfd: said on stderr, and
/// the agent's own settings count alone (a write's caller gets it).
struct XfceSettingsError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
