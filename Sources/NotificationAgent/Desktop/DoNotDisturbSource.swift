/// Where the running desktop keeps its do-not-disturb switch (KDE's `Inhibited`, GNOME's
/// `show-banners`, Cinnamon's `display-notifications`, dunst's `paused`, mako's mode, …): read by
/// the agent before each delivery, and followed as Apple's Focus is (`.passive` and `.active` go
/// quietly; `.timeSensitive` where the app may and `.critical` break through).
package protocol DoNotDisturbSource: Sendable {
    /// Where the state is read, for `unotify server --explain`: "dunst: paused".
    var origin: String { get }

    /// Whether do-not-disturb is on now.
    ///
    /// - Throws: why it cannot be read (a schema not installed, a server that does not answer).
    func read() async throws -> Bool
}

extension DoNotDisturbSource {
    /// Whether do-not-disturb is on now; `nil` when it cannot be read (then it counts as off).
    // try?: documented: a switch that cannot be read counts as off, so nothing is held back
    package func isOn() async -> Bool? { try? await read() }
}
