import FreedesktopNotifications

/// notify-send's `-A [NAME=]Label`: without a NAME the action's key is its position among the
/// `-A` options, counted from `firstIndex` (0 in notify-send 0.8.1; 1 in 0.8.9, whose help still
/// says 0: measured).
enum ActionArgument {
    /// Parses every `-A` in order; entries with an empty name or label are skipped, as notify-send does.
    static func parse(_ arguments: [String], firstIndex: Int = 0) -> [NotificationAction] {
        arguments.enumerated().compactMap { offset, text in
            let index = firstIndex + offset
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
