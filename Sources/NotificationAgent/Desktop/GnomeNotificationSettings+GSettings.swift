import CGio
import Foundation

/// The GSettings calls of ``GnomeNotificationSettings``, each made on its context's thread.
extension GnomeNotificationSettings {
    static let appSchemaID = "org.gnome.desktop.notifications.application"
    static let masterSchemaID = "org.gnome.desktop.notifications"

    /// The per-app schema (a reference kept for the agent's life), checked before GSettings
    /// could abort: installed, with every key the agent reads, and a backend that keeps what is
    /// written.
    static func openAppSchema() throws -> GLibPointer {
        try checkBackend()
        let schema = try lookUp(appSchemaID, keys: GnomeAppValues.keys + ["application-id"])
        return GLibPointer(schema)
    }

    /// `org.gnome.desktop.notifications` (`application-children`), checked first.
    static func openMaster() throws -> GLibPointer {
        let schema = try lookUp(masterSchemaID, keys: ["application-children", "show-banners"])
        defer { g_settings_schema_unref(schema) }
        guard let settings = g_settings_new_full(schema, nil, nil) else {
            throw GnomeSettingsError("GSettings made nothing for \(masterSchemaID)")
        }
        return GLibPointer(settings)
    }

    /// The schema `id`, looked up before GSettings could abort on it, with every key in `keys`;
    /// `package` names the Debian package that installs it.
    static func lookUp(_ id: String, keys: [String], package: String = "gsettings-desktop-schemas") throws
        -> OpaquePointer
    {
        guard let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, id, 1)
        else {
            throw GnomeSettingsError(
                "the GSettings schema \(id) is not installed (Debian: \(package); "
                    + "looked up in XDG_DATA_DIRS and GSETTINGS_SCHEMA_DIR)")
        }
        for key in keys where g_settings_schema_has_key(schema, key) == 0 {
            g_settings_schema_unref(schema)
            throw GnomeSettingsError("the GSettings schema \(id) has no key \(key)")
        }
        return schema
    }

    /// Refuses GSettings' memory backend (it keeps nothing and shares nothing: GIO falls back to
    /// it when dconf is missing) and a keyfile backend whose file cannot be read. The keyfile is
    /// looked at first, without blocking, before GLib makes its backend: GLib reads it then, and
    /// a FIFO there would block its thread for good.
    static func checkBackend() throws {
        let keyfile = (g_get_user_config_dir().map { String(cString: $0) } ?? "") + "/glib-2.0/settings/keyfile"
        do {
            _ = try PrivateFileSystem.read(keyfile, limit: keyfileLimit)
        } catch {
            throw GnomeSettingsError("GSettings' keyfile cannot be read: \(error)")
        }
        guard let backend = g_settings_backend_get_default() else {
            throw GnomeSettingsError("GSettings has no backend")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(backend)) }
        let type = g_type_name_from_instance(backend).map { String(cString: $0) }
        switch type {
        case "GMemorySettingsBackend"?:
            throw GnomeSettingsError(
                "GSettings uses its memory backend, which keeps nothing (no dconf, or GSETTINGS_BACKEND=memory)")
        default:
            break
        }
    }

    /// The largest keyfile read before GLib: 64 MiB (GNOME's settings are a few KiB).
    static let keyfileLimit = 64 << 20

    /// The key's value as someone set it, `nil` when nobody did (the schema's default holds):
    /// the administrator's where the key is locked (dconf lockdown: GNOME Shell obeys it, and the
    /// user's value is ignored), else the user's, else a default the administrator gave (a dconf
    /// system database) that differs from the schema's.
    static func setValue(_ settings: OpaquePointer?, _ key: String, schema: OpaquePointer?) -> Bool? {
        if g_settings_is_writable(settings, key) == 0 { return g_settings_get_boolean(settings, key) != 0 }
        if let user = userValue(settings, key) { return user }
        guard let given = g_settings_get_default_value(settings, key) else { return nil }
        defer { g_variant_unref(given) }
        guard let schemaKey = g_settings_schema_get_key(schema, key) else { return nil }
        defer { g_settings_schema_key_unref(schemaKey) }
        guard let shipped = g_settings_schema_key_get_default_value(schemaKey) else { return nil }
        defer { g_variant_unref(shipped) }
        guard g_variant_equal(given, shipped) == 0,
            g_variant_get_type_string(given).map({ String(cString: $0) }) == "b"
        else { return nil }
        return g_variant_get_boolean(given) != 0
    }

    /// The key's value as the user set it, `nil` when it has none (GNOME's default holds).
    static func userValue(_ settings: OpaquePointer?, _ key: String) -> Bool? {
        guard let value = g_settings_get_user_value(settings, key) else { return nil }
        defer { g_variant_unref(value) }
        guard g_variant_get_type_string(value).map({ String(cString: $0) }) == "b" else { return nil }
        return g_variant_get_boolean(value) != 0
    }

    /// Writes `writes` (`nil`: reset to GNOME's default) and `application-id` in one change,
    /// skipping each key that already holds its value. A value is always written as the user's
    /// own, even where it equals the schema's default: resetting the key instead would let a
    /// default the administrator gave (a dconf system database) show through. A key the
    /// administrator locked at another value refuses the whole change (``AdministratorLockError``);
    /// one locked at the value wanted, or to be reset, is left as it is.
    static func apply(
        _ writes: [(key: String, value: Bool?)], applicationID: String?, to settings: OpaquePointer?, path: String
    ) throws {
        g_settings_delay(settings)
        for (key, value) in writes {
            guard g_settings_is_writable(settings, key) != 0 else {
                guard let value, (g_settings_get_boolean(settings, key) != 0) != value else { continue }
                g_settings_revert(settings)
                throw AdministratorLockError(
                    setting: "GNOME's \(key) of \(appSchemaID):\(path)",
                    lock: "a dconf lock: a locks file of a dconf system database, /etc/dconf/db/*.d/locks")
            }
            let current = userValue(settings, key)
            if current == value { continue }
            if let value {
                g_settings_set_boolean(settings, key, value ? 1 : 0)
            } else {
                g_settings_reset(settings, key)
            }
        }
        if let applicationID {
            let current = g_settings_get_string(settings, "application-id").map { pointer in
                defer { g_free(pointer) }
                return String(cString: pointer)
            }
            if current != applicationID { g_settings_set_string(settings, "application-id", applicationID) }
        }
        g_settings_apply(settings)
    }

    /// After `g_settings_sync()`: whether each value of `writes` is the user's own now. dconf
    /// writes through `dconf-service` in the background, and a write it could not make (no
    /// `dconf-service` on the session bus, a user database it cannot write) is dropped with a
    /// warning, the earlier value (or the administrator's default) counting again.
    static func check(_ writes: [(key: String, value: Bool?)], in settings: OpaquePointer?, path: String) throws {
        for (key, value) in writes where g_settings_is_writable(settings, key) != 0 {
            guard let value, userValue(settings, key) != value else { continue }
            throw GnomeSettingsError(
                "GSettings did not keep \(key)=\(value) at \(path) (with dconf: is dconf-service "
                    + "reachable on the session bus, and the user's database writable?)")
        }
    }
}
