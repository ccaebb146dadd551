import FreedesktopNotifications

/// Which notification servers play a sound hint themselves, by what
/// `GetServerInformation` says. The single table: a server not listed plays nothing, so the
/// agent plays the sound and sends `suppress-sound`, and a sound is heard exactly once.
package enum SoundHintSupport: Hashable, Sendable {
    /// The server plays `sound-file` (and honours `suppress-sound`): send the file, play nothing.
    case playsSoundFile
    /// The server plays no hint: the agent plays the sound itself.
    case playsNothing

    /// The row for one server, from the one table of server differences (`ServerProfile`),
    /// which reads its capabilities first (Plasma 6.4+ advertises `sound`).
    package static func forServer(_ profile: ServerProfile) -> SoundHintSupport {
        profile.playsSoundFile ? .playsSoundFile : .playsNothing
    }

    /// The row for a server known only by what it says it is (no capabilities).
    package static func forServer(_ information: ServerInformation?) -> SoundHintSupport {
        forServer(ServerProfile(information: information, capabilities: ServerCapabilities()))
    }

    /// Whether the server plays the hints itself (`PresentationMapping.plan`'s `serverPlaysSoundHints`).
    package var serverPlaysSoundHints: Bool { self == .playsSoundFile }
}
