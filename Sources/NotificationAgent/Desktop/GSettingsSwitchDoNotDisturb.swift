import CGio
import DesktopIntegration
import Foundation

/// A desktop's do-not-disturb kept in one boolean GSettings key (``GSettingsDoNotDisturb``):
/// Cinnamon's `display-notifications` false in `org.cinnamon.desktop.notifications` (the
/// notifications applet's switch), MATE's `do-not-disturb` true in `org.mate.NotificationDaemon`
/// (mate-notification-daemon's applet and properties dialog). Read through GIO's GSettings, so
/// whatever backend the desktop uses works (dconf; the keyfile backend in tests).
///
/// GSettings is opened on the first read, on a thread of its own (``GLibContextThread``), whose
/// context receives GSettings' change notification: nothing is polled. A schema that is not
/// installed (GSettings would abort on it: it is looked up first), GSettings' memory backend or an
/// unreadable keyfile make it "cannot be read", said by ``read()`` each time, never a crash.
package final class GSettingsSwitchDoNotDisturb: DoNotDisturbSource, @unchecked Sendable {
    /// Cinnamon's: `display-notifications` off is do-not-disturb.
    package static let cinnamon = GSettingsSwitchDoNotDisturb(
        schemaID: "org.cinnamon.desktop.notifications", key: "display-notifications", onWhen: false,
        package: "cinnamon-desktop-data", origin: "Cinnamon: display-notifications")
    /// MATE's: `do-not-disturb` on is do-not-disturb.
    package static let mate = GSettingsSwitchDoNotDisturb(
        schemaID: "org.mate.NotificationDaemon", key: "do-not-disturb", onWhen: true,
        package: "mate-notification-daemon-common", origin: "MATE: do-not-disturb")

    /// The reader of `place`, opened on first use and kept for the agent's life; nil for GNOME's
    /// `show-banners`, which the desktop's settings store reads.
    package static func reader(of place: GSettingsDoNotDisturb) -> GSettingsSwitchDoNotDisturb? {
        switch place {
        case .cinnamonDisplayNotifications: cinnamon
        case .mateDoNotDisturb: mate
        case .gnomeShowBanners: nil
        }
    }

    let schemaID: String
    let key: String
    /// The key's value that means do-not-disturb is on.
    let onWhen: Bool
    /// The Debian package that installs the schema, named when it is missing.
    let package: String
    package let origin: String
    private let lock = NSLock()
    /// The context's thread and the `GSettings *`, or why they could not be made; under `lock`.
    private var opened: Result<(GLibContextThread, GLibPointer), GnomeSettingsError>?

    /// A reader of `key` in `schemaID` that opens GSettings on its first read; the agent keeps
    /// one per key (``cinnamon``, ``mate``).
    init(schemaID: String, key: String, onWhen: Bool, package: String, origin: String) {
        self.schemaID = schemaID
        self.key = key
        self.onWhen = onWhen
        self.package = package
        self.origin = origin
    }

    package func read() async throws -> Bool {
        let (glib, settings) = try open().get()
        return try glib.run { [settings, key, onWhen] () throws -> Bool in
            (g_settings_get_boolean(settings.raw, key) != 0) == onWhen
        }
    }

    private func open() -> Result<(GLibContextThread, GLibPointer), GnomeSettingsError> {
        lock.withLock {
            if let opened { return opened }
            let glib = GLibContextThread(name: "unotifyd \(origin) GSettings")
            let made = Result { () throws -> (GLibContextThread, GLibPointer) in
                let settings = try glib.run { [schemaID, key, package] () throws -> GLibPointer in
                    try GnomeNotificationSettings.checkBackend()
                    let schema = try GnomeNotificationSettings.lookUp(schemaID, keys: [key], package: package)
                    defer { g_settings_schema_unref(schema) }
                    guard let settings = g_settings_new_full(schema, nil, nil) else {
                        throw GnomeSettingsError("GSettings made nothing for \(schemaID)")
                    }
                    return GLibPointer(settings)
                }
                return (glib, settings)
            }
            .mapError { $0 as? GnomeSettingsError ?? GnomeSettingsError("\($0)") }
            opened = made
            return made
        }
    }
}
