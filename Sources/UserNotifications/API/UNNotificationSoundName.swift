/// The name of a sound file to play for a notification.
///
/// On Apple platforms it names a file in the app bundle or `Library/Sounds`. On Linux it is
/// either a path to a sound file (absolute, or relative to the app's sound directory) or a name
/// from the freedesktop sound theme, such as `"message-new-instant"`; the agent sends it as the
/// `sound-file` or `sound-name` hint.
public struct UNNotificationSoundName: RawRepresentable, Hashable, Sendable {
    /// The file or theme name.
    public let rawValue: String

    /// Creates a sound name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a sound name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}
