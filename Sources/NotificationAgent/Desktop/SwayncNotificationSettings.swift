import Foundation
import NotificationAgentClient

/// SwayNotificationCenter's per-app visibility: the `notification-visibility` rules of its
/// `config.json` (`$XDG_CONFIG_HOME/swaync/config.json`, else the first of `$XDG_CONFIG_DIRS`,
/// `/etc/xdg`) whose only matcher is `app-name` (``SwayncVisibilityRule``), applied to the
/// `app_name` the agent sends (``AppDisplayName``). The file is the user's own, written by hand:
/// the agent reads it and never writes it; what it says wins over `unotify settings`.
///
/// | state | unotify (Apple) |
/// | --- | --- |
/// | `ignored` (dropped by swaync) | denied |
/// | `muted` (kept, no popup) | alert off |
/// | `transient` (popup, not kept) | notification center off |
/// | `enabled` | as the agent's own store says |
///
/// The file is read again whenever its identity (inode, size, modification time) changes: one
/// `stat` per decision, no polling, as for Plasma's file.
package final class SwayncNotificationSettings: DesktopAppSettingsStore, @unchecked Sendable {
    package let place = "SwayNotificationCenter's config.json (notification-visibility; read only)"

    private let paths: [String]
    private let appName: @Sendable (String) -> String
    private let lock = NSLock()
    private var cached: (path: String, identity: SettingsFileCache.Identity, rules: [SwayncVisibilityRule])?

    /// Reads the `config.json` swaync would find in `environment`; `appName` is the `app_name`
    /// the agent sends for an app (its rules match that).
    package init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        appName: @escaping @Sendable (String) -> String = { AppDisplayName.name(for: $0) }
    ) {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let user = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        let system = (environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg")
            .split(separator: ":").map(String.init)
        paths = ([user] + system).map { $0 + "/swaync/config.json" }
        self.appName = appName
    }

    package func applying(to settings: AppSettings, app: String) throws -> AppSettings {
        guard settings.authorization != .notDetermined else { return settings }
        let name = appName(app)
        guard let rule = try rules().rules.first(where: { $0.matches(name) }) else { return settings }
        var result = settings
        switch rule.state {
        case .ignored:
            result.authorization = .denied
            (result.alert, result.sound, result.badge) = (.disabled, .disabled, .disabled)
            (result.notificationCenter, result.lockScreen) = (.disabled, .disabled)
        case .muted:
            if result.alert != .notSupported { result.alert = .disabled }
        case .transient:
            if result.notificationCenter != .notSupported { result.notificationCenter = .disabled }
        case .enabled:
            break
        }
        return result
    }

    /// Never written: the file is the user's, by hand (or the administrator's, in
    /// `$XDG_CONFIG_DIRS`, which swaync reads when the user has none). An app the file has swaync
    /// drop (`ignored`) cannot be allowed from here: saving it authorized (or provisional) is
    /// refused, naming the file and its rule, rather than answering an allow that swaync ignores.
    package func write(_ settings: AppSettings, app: String) throws {
        guard settings.authorization == .authorized || settings.authorization == .provisional else { return }
        let name = appName(app)
        let (path, rules) = try rules()
        guard let rule = rules.first(where: { $0.matches(name) }), rule.state == .ignored else { return }
        let whose =
            path == paths.first
            ? "change or remove that rule there, and run swaync-client -R"
            : "a system file, the administrator's: ask the administrator, or copy it to \(paths[0]) and change "
                + "the rule there (swaync then reads that one instead)"
        throw SwayncSettingsError(
            "SwayNotificationCenter drops \(AgentError.quote(name)): the rule \(AgentError.quote(rule.name)) of "
                + "notification-visibility in \(path) says \"ignored\", and unotify does not write that file; \(whose)")
    }

    /// The rules of the first `config.json` that exists (as swaync picks it), and its path, read
    /// again when it changed.
    private func rules() throws -> (path: String, rules: [SwayncVisibilityRule]) {
        for path in paths {
            guard let identity = SettingsFileCache.identity(of: path) else { continue }
            if let cached = lock.withLock({ cached }), cached.path == path, cached.identity == identity {
                return (path, cached.rules)
            }
            guard let bytes = try PrivateFileSystem.read(path, limit: 4 << 20) else { continue }
            let rules: [SwayncVisibilityRule]
            do {
                rules = try SwayncVisibilityRule.rules(in: bytes)
            } catch {
                throw SwayncSettingsError("\(path) cannot be read: \(error)")
            }
            lock.withLock { cached = (path, identity, rules) }
            return (path, rules)
        }
        return ("", [])
    }
}
