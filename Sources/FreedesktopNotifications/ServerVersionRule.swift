/// What one range of a server's versions does that its capabilities do not say: a row of the
/// table of version-dependent differences (``ServerVersionRule/table``), with its evidence.
/// ``ServerProfile`` reads the capabilities first, then the rows that match the server's name,
/// vendor and version.
public struct ServerVersionRule: Sendable {
    /// What the rule says about the server.
    public enum Behaviour: Sendable, Hashable {
        /// It plays the `sound-file` / `sound-name` hints itself when it advertises `sound`.
        case playsAdvertisedSound
        /// It asks the bus for a sender's process when a `Notify` arrives and drops the
        /// notification of a sender that has already left.
        case dropsNotificationsOfDepartedSenders
        /// It closes every notification of an app (one whose `desktop-entry` or app name names an
        /// installed `.desktop` file) when the connection that first sent one leaves the bus.
        case closesAppNotificationsWhenSenderLeaves
    }

    /// The server's name, as `GetServerInformation` reports it (`Plasma`, `gnome-shell`).
    public let name: String
    /// The server's vendor, as `GetServerInformation` reports it (`KDE`, `GNOME`).
    public let vendor: String
    /// The versions it holds for, from `since` on; nil where it holds for every version.
    public let since: ServerVersion?
    /// What the server does in that range.
    public let behaviour: Behaviour
    /// How it was found (the version measured, and the test that checks it).
    public let evidence: String

    /// Whether the rule holds for a server that reports `information`.
    public func matches(_ information: ServerInformation?) -> Bool {
        guard let information, information.name == name, information.vendor == vendor else { return false }
        guard let since else { return true }
        guard let version = ServerVersion(information.version) else { return false }
        return version >= since
    }

    /// Every rule. Add a row here, with its evidence, rather than a branch on a server's name.
    public static let table: [ServerVersionRule] = [
        ServerVersionRule(
            name: "Plasma", vendor: "KDE", since: ServerVersion(6, 4), behaviour: .playsAdvertisedSound,
            evidence: "Plasma 6.7.4 advertises `sound` and its libnotificationmanager plays sound-file and "
                + "sound-name through libcanberra, honouring Plasma's sound settings; 5.27 and 6.3.6 advertise "
                + "no `sound` (measured; SoundMatrixTests on plasma-6.7)"),
        ServerVersionRule(
            name: "gnome-shell", vendor: "GNOME", since: ServerVersion(46),
            behaviour: .dropsNotificationsOfDepartedSenders,
            evidence: "GNOME Shell 48.7: 20 sends that did not wait for the answer left 14 listed; 51.0 likewise "
                + "(measured; SendKeptEndToEndTests)"),
        ServerVersionRule(
            name: "gnome-shell", vendor: "GNOME", since: ServerVersion(46),
            behaviour: .closesAppNotificationsWhenSenderLeaves,
            evidence: "GNOME Shell 48.7 and 51.0: a notify-send naming an installed desktop entry is gone once "
                + "notify-send exits (measured; notificationDaemon.js destroys an app's source when its first "
                + "sender's name vanishes)"),
    ]

    /// Whether a rule of `behaviour` holds for the server that reports `information`.
    public static func holds(_ behaviour: Behaviour, for information: ServerInformation?) -> Bool {
        table.contains { $0.behaviour == behaviour && $0.matches(information) }
    }
}
