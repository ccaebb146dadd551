import NotificationCapture

/// Minimal JSON writing for the CLI's `--json` output (no Foundation at start-up), through the
/// one writer the CLI links, that of `unotify capture`'s lines (``CaptureJSON``).
enum JSONText {
    static func string(_ text: String) -> String { CaptureJSON.string(text) }

    static func array(_ items: [String]) -> String { CaptureJSON.array(items) }

    static func object(_ members: [(String, String)]) -> String { CaptureJSON.object(members) }
}
