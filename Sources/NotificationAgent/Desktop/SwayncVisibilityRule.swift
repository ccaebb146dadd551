import Foundation

/// One rule of SwayNotificationCenter's `notification-visibility` (its `config.json`) that decides
/// for a whole app: its only matcher is `app-name`, a regular expression searched in the
/// notification's `app_name` (GLib's `Regex.match_simple`, unanchored). Rules that also match the
/// summary, body, urgency or category decide per notification, not per app, and are not read.
struct SwayncVisibilityRule {
    /// What swaync does with a matching notification.
    enum State: String {
        /// Dropped: not shown, not kept, no signal.
        case ignored
        /// Kept in the control center without a popup.
        case muted
        /// A popup that is not kept.
        case transient
        /// Shown and kept.
        case enabled
    }

    let name: String
    let state: State
    let appName: NSRegularExpression

    func matches(_ app: String) -> Bool {
        appName.firstMatch(in: app, range: NSRange(app.startIndex..., in: app)) != nil
    }

    /// The per-app rules of `config.json`'s bytes, in the file's order (swaync uses the first
    /// that matches; JSON objects have no order of their own, so it is taken from the text).
    ///
    /// - Throws: when the file is not JSON, or a rule has no valid `state` or an invalid regex.
    static func rules(in bytes: [UInt8]) throws -> [SwayncVisibilityRule] {
        let data = Data(bytes)
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SwayncSettingsError("config.json is not a JSON object")
        }
        guard let visibility = root["notification-visibility"] as? [String: Any] else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        let start = text.range(of: "\"notification-visibility\"")?.upperBound ?? text.startIndex
        let ordered = visibility.keys.sorted {
            position(of: $0, in: text, after: start) < position(of: $1, in: text, after: start)
        }
        return try ordered.compactMap { name in
            guard let fields = visibility[name] as? [String: Any] else {
                throw SwayncSettingsError("notification-visibility \(name) is not an object")
            }
            guard let raw = fields["state"] as? String, let state = State(rawValue: raw.lowercased()) else {
                throw SwayncSettingsError("notification-visibility \(name) has no valid state")
            }
            guard Set(fields.keys) == ["state", "app-name"], let pattern = fields["app-name"] as? String else {
                return nil
            }
            do {
                return SwayncVisibilityRule(
                    name: name, state: state, appName: try NSRegularExpression(pattern: pattern))
            } catch {
                throw SwayncSettingsError("notification-visibility \(name): app-name is not a regular expression")
            }
        }
    }

    /// Where the member `"name":` first appears after `start`; the end when it cannot be found.
    private static func position(of name: String, in text: String, after start: String.Index) -> String.Index {
        text.range(of: "\"\(name)\"", range: start..<text.endIndex)?.lowerBound ?? text.endIndex
    }
}
