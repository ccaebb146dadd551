import FreedesktopNotifications

/// notify-send's `-A [NAME=]Label`: without a NAME the action's key is its position (from 0).
enum ActionArgument {
    /// Parses every `-A` in order; entries with an empty name or label are skipped, as notify-send does.
    static func parse(_ arguments: [String]) -> [NotificationAction] {
        arguments.enumerated().compactMap { index, text in
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let (key, label) =
                parts.count == 1
                ? (String(index), String(parts[0]).trimmingSpaces)
                : (String(parts[0]).trimmingSpaces, String(parts[1]).trimmingSpaces)
            guard !key.isEmpty, !label.isEmpty else { return nil }
            return NotificationAction(key: key, label: label)
        }
    }
}
