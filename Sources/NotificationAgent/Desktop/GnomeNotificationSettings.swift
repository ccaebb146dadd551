import CGio
import Foundation
import NotificationAgentClient

/// GNOME's per-app notification settings (GNOME Settings › Notifications) through GSettings,
/// with whatever backend GSettings uses (dconf on a desktop, the keyfile backend with
/// `GSETTINGS_BACKEND=keyfile`): each app's relocatable `org.gnome.desktop.notifications.application`
/// at `/org/gnome/desktop/notifications/application/ID/` (``GnomeApplicationID``), listed in
/// `org.gnome.desktop.notifications`' `application-children` as GNOME Shell lists it, so GNOME
/// Settings shows the app. What maps to what, and which side counts: ``GnomeSettingsRules``.
///
/// Every GSettings object is made and used on one thread of its own (``GLibContextThread``),
/// whose main context is iterated there: a change made in GNOME Settings or with `gsettings`
/// reaches that context through GSettings' own change notification (the keyfile backend
/// reloads its file, dconf's sends its change), and the next read sees it. Nothing is polled.
package final class GnomeNotificationSettings: DesktopAppSettingsStore, @unchecked Sendable {
    package let place = "GNOME Settings › Notifications"
    /// The prompt names GNOME's Settings app (`place.gnome`).
    package let placeKey = "place.gnome"

    private let glib: GLibContextThread
    /// `GSettingsSchema *` of the per-app schema, and the master `GSettings *`; made in `init`.
    private let appSchema: GLibPointer
    private let master: GLibPointer
    /// Each app's `GSettings *` by GNOME id. Touched only on `glib`'s thread (hence
    /// `@unchecked Sendable`); one small object per app asked about, kept for the agent's life.
    private var apps: [String: GLibPointer] = [:]
    /// The desktop-entry id for an app (`org.example.Tea` for `org.example.Tea.desktop`).
    private let desktopID: @Sendable (String) -> String

    /// Opens GNOME's settings with GSettings' default backend.
    ///
    /// - Throws: when the schemas are not installed (Debian's gsettings-desktop-schemas) or lack
    ///   a key, when GSettings would keep nothing (its memory backend), or when the keyfile
    ///   backend's file exists and cannot be read: GSettings itself would abort or say nothing.
    package init(
        desktopID: @escaping @Sendable (String) -> String = { AppDisplayName.desktopEntry(for: $0) ?? $0 }
    ) throws {
        self.desktopID = desktopID
        let glib = GLibContextThread(name: "unotifyd GSettings")
        self.glib = glib
        appSchema = try glib.run { try Self.openAppSchema() }
        master = try glib.run { try Self.openMaster() }
    }

    package func applying(to settings: AppSettings, app: String) throws -> AppSettings {
        let id = try gnomeID(app)
        let values = try glib.run { [self] () throws -> GnomeAppValues in
            let object = try appSettings(id: id, app: app)
            var values = GnomeAppValues(reading: { Self.setValue(object, $0, schema: appSchema.raw) })
            values.detailsInLockScreen = g_settings_get_boolean(object, "details-in-lock-screen") != 0
            return values
        }
        return GnomeSettingsRules.applying(values, to: settings)
    }

    /// GNOME's id for the app (``GnomeApplicationID``).
    package func settingsKey(for app: String) -> String? { GnomeApplicationID.canonical(desktopID(app)) }

    /// An app GNOME has no name for (``GnomeApplicationID``) is not written: GNOME cannot hold
    /// its settings, and reading them says so. A reset app (not determined) leaves
    /// `application-children`, as GNOME Settings' "forget" would; any other is listed there.
    package func write(_ settings: AppSettings, app: String) throws {
        guard let id = settingsKey(for: app) else { return }
        let entry = desktopID(app) + ".desktop"
        let writes = GnomeSettingsRules.writes(for: settings)
        let listed = settings.authorization != .notDetermined
        let path = GnomeApplicationID.path(for: id) ?? id
        _ = try glib.run { [self] () throws -> Bool in
            let object = try appSettings(id: id, app: app)
            try Self.apply(writes, applicationID: listed ? entry : nil, to: object, path: path)
            try setChild(id, listed: listed)
            g_settings_sync()  // on disk (dconf writes in the background) before the save counts
            try Self.check(writes, in: object, path: path)
            return true
        }
    }

    /// GNOME's do-not-disturb: the global `show-banners` of `org.gnome.desktop.notifications`
    /// switched off (GNOME Settings › Notifications › Do Not Disturb).
    package var doNotDisturb: (any DoNotDisturbSource)? { GnomeDoNotDisturb(settings: self) }

    /// Whether GNOME shows banners at all: `show-banners`, read now.
    func showsBanners() throws -> Bool {
        try glib.run { [master] () throws -> Bool in
            g_settings_get_boolean(master.raw, "show-banners") != 0
        }
    }

    private func gnomeID(_ app: String) throws -> String {
        guard let id = settingsKey(for: app) else {
            throw GnomeSettingsError("GNOME has no name for \(AgentError.quote(app)): no letter or digit in it")
        }
        return id
    }

    /// The app's `GSettings *`, made the first time (on the context's thread).
    private func appSettings(id: String, app: String) throws -> OpaquePointer? {
        if let known = apps[id] { return known.raw }
        guard let path = GnomeApplicationID.path(for: id) else {
            throw GnomeSettingsError("no GSettings path for \(AgentError.quote(app)) (GNOME id \(id))")
        }
        guard let made = g_settings_new_full(appSchema.raw, nil, path) else {
            throw GnomeSettingsError("GSettings made nothing for \(path)")
        }
        apps[id] = GLibPointer(made)
        return made
    }

    /// Adds `id` to `application-children`, as GNOME Shell does the first time an app notifies,
    /// or takes it out (a reset app).
    private func setChild(_ id: String, listed: Bool) throws {
        let settings = master.raw
        var children: [String] = []
        if let strv = g_settings_get_strv(settings, "application-children") {
            var index = 0
            while let item = strv[index] {
                children.append(String(cString: item))
                index += 1
            }
            g_strfreev(strv)
        }
        guard children.contains(id) != listed else { return }
        let changed = listed ? children + [id] : children.filter { $0 != id }
        let copies = changed.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let strings = copies.map { UnsafePointer($0) } + [nil]
        guard g_settings_set_strv(settings, "application-children", strings) != 0 else {
            throw GnomeSettingsError("application-children in \(Self.masterSchemaID) is not writable")
        }
    }
}
