import FreedesktopNotifications

/// Which notification servers play a sound hint themselves (DESIGN.md 3.2), by what
/// `GetServerInformation` says. The single table: a server not listed plays nothing, so the
/// agent plays the sound and sends `suppress-sound`, and a sound is heard exactly once.
package enum SoundHintSupport: Hashable, Sendable {
    /// The server plays `sound-file` (and honours `suppress-sound`): send the file, play nothing.
    case playsSoundFile
    /// The server plays no hint: the agent plays the sound itself.
    case playsNothing

    /// The row for one server.
    package static func forServer(_ information: ServerInformation?) -> SoundHintSupport {
        guard let information else { return .playsNothing }
        switch (information.name, information.vendor) {
        // mate-notification-daemon 1.26 ('Notification Daemon', 'MATE'): testbed README "Sound":
        // only mate plays a hint, and only `sound-file`; it honours `suppress-sound`.
        case ("Notification Daemon", "MATE"):
            return .playsSoundFile
        // notification-daemon 3.20 ('Notification Daemon', 'GNOME') advertises `sound` yet plays
        // nothing (testbed README "Sound"); dunst 1.9, xfce4-notifyd 0.7, lxqt-notificationd 1.2 and
        // notify-osd play neither `sound-file` nor `sound-name` (testbed README "Sound": none plays
        // `sound-name`, only mate plays `sound-file`). Unknown servers: assume nothing is played.
        default:
            return .playsNothing
        }
    }

    /// Whether the server plays the hints itself (`PresentationMapping.plan`'s `serverPlaysSoundHints`).
    package var serverPlaysSoundHints: Bool { self == .playsSoundFile }
}
