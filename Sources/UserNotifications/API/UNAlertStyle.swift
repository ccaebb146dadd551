/// How alerts appear on screen.
///
/// The raw values are Apple's. On Linux `.banner` is a popup that the notification server
/// expires on its own and `.alert` one that stays until the user acts on it.
public enum UNAlertStyle: Int, Sendable {
    /// No alert is shown.
    case none = 0
    /// A banner that goes away by itself.
    case banner = 1
    /// An alert that stays until the user dismisses it.
    case alert = 2
}
