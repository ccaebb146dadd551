/// Makes the backend of `UNUserNotificationCenter.current()`, from the app identifier.
///
/// The default is ``AgentBackend``, which talks to `unotifyd` (started on demand); tests may
/// set their own before the first call to `current()`. The factory is read once, when
/// `current()` is first called.
package enum NotificationCenterBackendFactory {
    /// The factory; set it before the first call to `UNUserNotificationCenter.current()`.
    package nonisolated(unsafe) static var makeDefault: @Sendable (String) -> any NotificationCenterBackend = { _ in
        AgentBackend()
    }
}
