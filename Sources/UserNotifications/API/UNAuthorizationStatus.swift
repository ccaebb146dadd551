/// Whether the app may schedule or receive user notifications.
///
/// The raw values are Apple's. On Linux `.ephemeral` exists for source compatibility and is
/// never entered (there are no App Clips).
public enum UNAuthorizationStatus: Int, Sendable {
    /// The user has not yet chosen whether the app may send notifications.
    case notDetermined = 0
    /// The app may not send notifications.
    case denied = 1
    /// The app may send notifications.
    case authorized = 2
    /// The app may send quiet notifications, on trial, until the user keeps or turns them off.
    case provisional = 3
    /// The app may send notifications for a limited time (App Clips; never on Linux).
    case ephemeral = 4
}
