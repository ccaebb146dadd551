/// When the system shows a preview of a notification's content.
///
/// The raw values are Apple's. On Linux the desktop has no "when unlocked" state that the
/// agent can see, so `.whenAuthenticated` behaves as `.always`.
public enum UNShowPreviewsSetting: Int, Sendable {
    /// Previews are always shown.
    case always = 0
    /// Previews are shown only when the device is unlocked.
    case whenAuthenticated = 1
    /// Previews are never shown.
    case never = 2
}
