import NotificationAgentClient

/// Words the permission verbs accept, parsed in one place.
enum AppOptionParsing {
    /// `alert,sound,badge,…` → the option bits; an unknown word is an error naming the known ones.
    static func authorizationOptions(_ text: String) throws -> AuthorizationOptionBits {
        let known = authorizationOptionWords
        var result: AuthorizationOptionBits = []
        for word in text.split(separator: ",").map({ $0.lowercased() }) where !word.isEmpty {
            guard let bit = known[word] else {
                throw CommandFailure(
                    "unotify: unknown authorization option \(AgentError.quote(word)); use a comma-separated list of "
                        + known.keys.sorted().joined(separator: ", "))
            }
            result.insert(bit)
        }
        return result
    }

    /// The words `--options` takes, each naming one authorization option.
    private static let authorizationOptionWords: [String: AuthorizationOptionBits] = [
        "alert": .alert, "sound": .sound, "badge": .badge, "carplay": .carPlay, "critical-alert": .criticalAlert,
        "provisional": .provisional, "time-sensitive": .timeSensitive,
        "provides-app-notification-settings": .providesAppNotificationSettings,
    ]

    /// The words shells complete for `--options`.
    static var authorizationOptionNames: [String] { authorizationOptionWords.keys.sorted() }

    /// The words shells complete for an on/off switch (``onOff(_:option:)`` takes synonyms too).
    static let switchNames = ["on", "off"]

    /// The words shells complete for `--alert-style`.
    static let alertStyleNames = ["none", "banner", "alert"]

    /// `on`/`off` (also `yes`/`no`, `true`/`false`, `1`/`0`, `enabled`/`disabled`).
    static func onOff(_ text: String, option: String) throws -> AppSettings.Switch {
        switch text.lowercased() {
        case "on", "yes", "true", "1", "enabled", "enable": return .enabled
        case "off", "no", "false", "0", "disabled", "disable": return .disabled
        default: throw CommandFailure("unotify: --\(option) takes on or off, not \(AgentError.quote(text))")
        }
    }

    static func alertStyle(_ text: String) throws -> AppSettings.AlertStyle {
        switch text.lowercased() {
        case "none": return .none
        case "banner", "banners": return .banner
        case "alert", "alerts": return .alert
        default:
            throw CommandFailure("unotify: --alert-style takes none, banner or alert, not \(AgentError.quote(text))")
        }
    }

    static func statusName(_ status: AppSettings.Authorization) -> String {
        switch status {
        case .notDetermined: "notDetermined"
        case .denied: "denied"
        case .authorized: "authorized"
        case .provisional: "provisional"
        }
    }

    static func switchName(_ value: AppSettings.Switch) -> String {
        switch value {
        case .notSupported: "n/a"
        case .disabled: "off"
        case .enabled: "on"
        }
    }

    static func styleName(_ value: AppSettings.AlertStyle) -> String {
        switch value {
        case .none: "none"
        case .banner: "banner"
        case .alert: "alert"
        }
    }
}
