import CGio
import Foundation

/// Cinnamon's do-not-disturb: `display-notifications` false in `org.cinnamon.desktop.notifications`
/// (the notifications applet's switch; `gsettings set org.cinnamon.desktop.notifications
/// display-notifications false`), read through GIO's GSettings, so whatever backend the desktop
/// uses works (dconf; the keyfile backend in tests). Cinnamon then shows no banner and puts the
/// notification in its tray applet.
///
/// GSettings is opened on the first read, on a thread of its own (``GLibContextThread``), whose
/// context receives GSettings' change notification: nothing is polled. A schema that is not
/// installed (GSettings would abort on it: it is looked up first), GSettings' memory backend or an
/// unreadable keyfile make it "cannot be read", said by ``read()`` each time, never a crash.
package final class CinnamonDoNotDisturb: DoNotDisturbSource, @unchecked Sendable {
    static let schemaID = "org.cinnamon.desktop.notifications"
    static let key = "display-notifications"

    /// The one the agent reads: opened on first use, kept for the agent's life.
    package static let shared = CinnamonDoNotDisturb()

    package let origin = "Cinnamon: display-notifications"
    private let lock = NSLock()
    /// The context's thread and the `GSettings *`, or why they could not be made; under `lock`.
    private var opened: Result<(GLibContextThread, GLibPointer), GnomeSettingsError>?

    /// A reader that opens GSettings on its first read; the agent keeps one, ``shared``.
    package init() {}

    package func read() async throws -> Bool {
        let (glib, settings) = try open().get()
        return try glib.run { [settings] () throws -> Bool in
            g_settings_get_boolean(settings.raw, Self.key) == 0
        }
    }

    private func open() -> Result<(GLibContextThread, GLibPointer), GnomeSettingsError> {
        lock.withLock {
            if let opened { return opened }
            let glib = GLibContextThread(name: "unotifyd Cinnamon GSettings")
            let made = Result { () throws -> (GLibContextThread, GLibPointer) in
                let settings = try glib.run { () throws -> GLibPointer in
                    try GnomeNotificationSettings.checkBackend()
                    let schema = try GnomeNotificationSettings.lookUp(
                        Self.schemaID, keys: [Self.key], package: "cinnamon-desktop-data")
                    defer { g_settings_schema_unref(schema) }
                    guard let settings = g_settings_new_full(schema, nil, nil) else {
                        throw GnomeSettingsError("GSettings made nothing for \(Self.schemaID)")
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
