/// The banner GNOME Shell shows now, as the user sees it: whatever sent it (an
/// `org.freedesktop.Notifications` client, or an app through `org.gtk.Notifications`, as the
/// notification portal's GNOME backend does).
public struct ShellBanner: Decodable, Sendable, Equatable {
    /// The notification's title.
    public let title: String
    /// Its body.
    public let body: String
    /// The title of its source: the app's name from its desktop entry when the shell knows the
    /// app, else what the sender gave.
    public let source: String
    /// The id of the desktop entry the shell found for it, nil when none.
    public let app: String?
    /// Its buttons' labels, in order.
    public let buttons: [String]
}
