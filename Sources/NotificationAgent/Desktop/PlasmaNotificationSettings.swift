import Foundation
import NotificationAgentClient

/// KDE Plasma's per-app notification settings (System Settings › Notifications › Applications)
/// as the desktop's settings store: `plasmanotifyrc` in `$XDG_CONFIG_HOME` (the system's
/// defaults in `$XDG_CONFIG_DIRS`, `/etc/xdg`), group `[Applications][<desktop entry>]`:
/// `ShowPopups` ⇄ alert, `ShowInHistory` ⇄ notification center, `ShowBadges` ⇄ badge,
/// `ShowPopupsInDndMode` ⇄ time sensitive. Read as Plasma 5.27 reads them (``KConfigLookup``),
/// through a cache checked by one `stat` per file; written as Plasma writes them (a switch at
/// its default is removed), keeping every other byte of the file, then announced with KConfig's
/// `ConfigChanged` signal so a running Plasma reads the file again.
///
/// Which fields count: see `desktopFields(of:)`. An app without a `.desktop` file has no group
/// of its own in Plasma (it counts as "Other Applications", shared by all of them): the
/// agent's own store alone answers for it, and nothing is written.
package struct PlasmaNotificationSettings: DesktopAppSettingsStore {
    package let place = "KDE System Settings › Notifications › Applications"
    /// The prompt names KDE's System Settings (`place.kde`).
    package let placeKey = "place.kde"
    /// The user's `plasmanotifyrc`.
    package let path: String
    /// The system's `plasmanotifyrc` files, least specific first.
    package let defaultPaths: [String]
    /// The user's locale, as KConfig matches translated keys (`de_DE`; `C` for none).
    let locale: String
    /// The app's desktop-entry id, as the agent sends it in the `desktop-entry` hint.
    let desktopEntry: @Sendable (String) -> String?
    /// Sends KConfig's `ConfigChanged` signal for the keys written.
    let announce: @Sendable (_ group: [String], _ keys: [String]) -> Void
    let cache = KConfigFileCache()

    /// The store of the user `environment` names (`XDG_CONFIG_HOME`, `XDG_CONFIG_DIRS`, `HOME`,
    /// the locale's variables).
    package init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        desktopEntry: @escaping @Sendable (String) -> String? = { AppDisplayName.desktopEntry(for: $0) },
        announce: @escaping @Sendable (_ group: [String], _ keys: [String]) -> Void = { _, _ in }
    ) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let configDirs = environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg"
        path = configHome + "/plasmanotifyrc"
        defaultPaths = configDirs.split(separator: ":").filter { $0.hasPrefix("/") }.reversed().map {
            $0 + "/plasmanotifyrc"
        }
        let variable = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        let name = variable?.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? "C"
        locale = name == "POSIX" ? "C" : name
        self.desktopEntry = desktopEntry
        self.announce = announce
    }

    /// A file that cannot be read may hold `ShowPopups=false` or `ShowPopupsInDndMode=false`
    /// for the app: until it can be read, an app that has a group there shows no popup (alert
    /// and time sensitive off); its list and badge stay as the agent has them.
    package func settingsWhenUnreadable(_ own: AppSettings, app: String) -> AppSettings {
        guard desktopEntry(app) != nil else { return own }
        var quieter = own
        if quieter.alert == .enabled { quieter.alert = .disabled }
        if quieter.timeSensitive == .enabled { quieter.timeSensitive = .disabled }
        return quieter
    }

    /// The app's group, `[Applications][<desktop entry>]`; none without a `.desktop` file.
    package func settingsKey(for app: String) -> String? { desktopEntry(app) }

    package func applying(to settings: AppSettings, app: String) throws -> AppSettings {
        let fields = Self.desktopFields(of: settings)
        guard !fields.isEmpty, let entry = desktopEntry(app) else { return settings }
        let (defaults, user) = try documents()
        var result = settings
        for key in fields {
            let lookup = KConfigLookup(
                key: key.rawValue, group: ["Applications", entry], defaults: defaults, user: user, locale: locale)
            let on: AppSettings.Switch = key.flag(lookup.value) ? .enabled : .disabled
            switch key {
            case .showPopups:
                result.alert = on
                if on == .enabled, result.alertStyle == .none { result.alertStyle = .banner }
            case .showPopupsInDndMode: result.timeSensitive = on
            case .showInHistory: result.notificationCenter = on
            case .showBadges: result.badge = on
            }
        }
        return result
    }

    /// The switches Plasma decides for an app in these settings: none while it is not allowed
    /// (not asked, or denied: Plasma's defaults are no permission); the notification center
    /// while provisional (its alert and badge stay off until the user allows it prominently);
    /// when authorized, the notification center and each of alert, badge and time sensitive
    /// the app asked for (a switch it never asked for stays off whatever Plasma shows).
    package static func desktopFields(of settings: AppSettings) -> [PlasmaBehaviorKey] {
        switch settings.authorization {
        case .notDetermined, .denied: return []
        case .provisional: return [.showInHistory]
        case .authorized:
            let options = settings.requestedOptions
            return [
                options.contains(.alert) ? .showPopups : nil,
                options.contains(.timeSensitive) ? .showPopupsInDndMode : nil, .showInHistory,
                options.contains(.badge) ? .showBadges : nil,
            ].compactMap { $0 }
        }
    }

    /// The system's files, then the user's (`nil` when it does not exist).
    func documents() throws(StoreError) -> (defaults: [KConfigDocument], user: KConfigDocument?) {
        var defaults: [KConfigDocument] = []
        for path in defaultPaths {
            if let document = try cache.document(at: path) { defaults.append(document) }
        }
        return (defaults, try cache.document(at: path))
    }
}
