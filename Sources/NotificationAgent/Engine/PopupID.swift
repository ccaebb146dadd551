/// The `UInt32` id the notification server gave a notification the agent created: a popup the
/// agent showed (the permission prompt, the provisional follow-ups) or a delivered notification.
///
/// Opaque to the engine: it is only ever compared for equality.
package struct PopupID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The server's id.
    package var rawValue: UInt32

    /// The id `rawValue`.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The id `rawValue`.
    package init(_ rawValue: UInt32) { self.rawValue = rawValue }

    /// The id in decimal, as `notify-send -p` prints it.
    package var description: String { String(rawValue) }
}
