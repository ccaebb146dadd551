import NotificationAgentClient

/// The desktop's settings of an app in a Flatpak sandbox, as far as the app reaches them: the
/// notification portal's permission, which the desktop's settings for the app switch (GNOME
/// Settings › Apps). The sandbox hides the permission store, so nothing is read from it: the
/// portal answers `NotAllowed` when it is off, and the agent then denies the app. It gives the
/// prompt its wording: inside the sandbox there is no `unotify settings` to name.
package struct PortalPermissionSettings: DesktopAppSettingsStore {
    package let place = "the desktop’s notification settings for the app"
    /// The prompt names the desktop's settings for the app (`place.portal`).
    package let placeKey = "place.portal"
    /// Turned off, the app is on again once the settings it keeps in its own state folder are gone.
    package let turnOffKey = "turnOff.body.portal"

    package init() {}

    /// The agent's own: the sandbox cannot read the portal's permission.
    package func applying(to settings: AppSettings, app: String) throws -> AppSettings { settings }

    /// Nothing is written: only the desktop changes the portal's permission.
    package func write(_ settings: AppSettings, app: String) throws {}
}
