/// Makes the backend of `UNUserNotificationCenter.current()`, from the app identifier.
///
/// The default here returns ``UnavailableNotificationCenterBackend``: every call fails with
/// `UNError.notificationsNotAllowed` saying that unotifyd is not available. The agent's client
/// (in `Sources/UserNotifications/Agent/`) replaces this default with the backend that talks to
/// `unotifyd`; tests may set their own before the first call to `current()`. The factory is
/// read once, when `current()` is first called.
package enum NotificationCenterBackendFactory {
    /// The factory; set it before the first call to `UNUserNotificationCenter.current()`.
    package nonisolated(unsafe) static var makeDefault: @Sendable (String) -> any NotificationCenterBackend = { _ in
        UnavailableNotificationCenterBackend(
            error: UNError(.notificationsNotAllowed, "unotifyd is not available: this build of UserNotifications has no agent client, so notifications cannot be sent."))
    }
}
