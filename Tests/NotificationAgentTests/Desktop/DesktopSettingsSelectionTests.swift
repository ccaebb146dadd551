import Testing

@testable import NotificationAgent

/// Which desktop's settings store the agent uses, from the environment.
@Suite struct DesktopSettingsSelectionTests {
    @Test(arguments: [
        (["XDG_CURRENT_DESKTOP": "GNOME"], DesktopSettingsSelection.gnome),
        (["XDG_CURRENT_DESKTOP": "Budgie:GNOME"], .gnome),
        (["XDG_CURRENT_DESKTOP": "KDE"], .kde),
        (["XDG_CURRENT_DESKTOP": "XFCE"], .xfce),
        (["XDG_CURRENT_DESKTOP": "X-Cinnamon"], DesktopSettingsSelection.none),
        (["XDG_CURRENT_DESKTOP": "sway"], DesktopSettingsSelection.none),
        (["XDG_CURRENT_DESKTOP": "sway", "UNOTIFY_DESKTOP_SETTINGS": "swaync"], .swaync),
        (["XDG_CURRENT_DESKTOP": "GNOME", "UNOTIFY_DESKTOP_SETTINGS": "xfce"], .xfce),
        (["XDG_CURRENT_DESKTOP": "XFCE", "UNOTIFY_DESKTOP_SETTINGS": "none"], DesktopSettingsSelection.none),
    ])
    func theEnvironmentPicksTheStore(environment: [String: String], expected: DesktopSettingsSelection) {
        #expect(DesktopSettingsSelection.select(environment: environment) == expected)
    }
}
