import DBus

/// The hints of a notification: every standard hint of the Desktop Notifications Specification,
/// typed, plus vendor hints kept with their D-Bus types.
///
/// Servers match hints on key *and* type (dunst reads `urgency` only as a byte), so the
/// standard hints are typed on the way out. Reading (``init(wire:)``) is tolerant, as dunst is.
public struct NotificationHints: Hashable, Sendable {
    /// `urgency`, type `y`.
    public var urgency: Urgency?
    /// `category`, type `s`, e.g. `im.received`; notify-send passes `-c` through unchanged.
    public var category: String?
    /// `desktop-entry`, type `s`: the app's `.desktop` file name without the suffix.
    public var desktopEntry: String?
    /// `image-data`, type `(iiibiiay)`. Spec 1.2; older servers read `image_data` or `icon_data`.
    public var imageData: ImageData?
    /// `image-path`, type `s`: a `file://` URI or an icon name. Spec 1.2; 1.1 servers read `image_path`.
    public var imagePath: String?
    /// `sound-file`, type `s`: a path to a sound file to play.
    public var soundFile: String?
    /// `sound-name`, type `s`: a name from the freedesktop sound theme, e.g. `message-new-instant`.
    public var soundName: String?
    /// `suppress-sound`, type `b`: play no sound.
    public var suppressSound: Bool?
    /// `transient`, type `b`: bypass the server's persistence.
    public var isTransient: Bool?
    /// `resident`, type `b`: stay after an action is invoked.
    public var isResident: Bool?
    /// `action-icons`, type `b`: action keys are icon names.
    public var actionIcons: Bool?
    /// `x`, type `i`: where to point on screen.
    public var x: Int32?
    /// `y`, type `i`.
    public var y: Int32?
    /// `sender-pid`, type `x`: the sending process, as libnotify adds it.
    public var senderPID: Int64?
    /// Any other hint, already typed, e.g. dunst's `value` (`i`, a progress bar) or
    /// `x-dunst-stack-tag` (`s`).
    public var vendor: [String: DBusVariant] = [:]

    /// Hints with nothing set: the server's defaults.
    public init() {}
}
