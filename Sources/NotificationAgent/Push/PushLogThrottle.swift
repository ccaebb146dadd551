/// How many `unotifyd: push:` lines a flood may print: the first ``linesPerWindow`` in each
/// ``window``, then one line that says how many were left out, so a flood of bad messages costs
/// a few lines of log, not one each (10 000 lines, 1.3 MB, before).
struct PushLogThrottle {
    /// The lines printed in full per window.
    static let linesPerWindow = 20
    /// The window.
    static let window: Duration = .seconds(60)

    private var windowStart: ContinuousClock.Instant?
    private var printed = 0
    private var leftOut = 0

    /// Whether lines are being left out now (a flush is due at the window's end).
    var isLeavingOut: Bool { leftOut > 0 }

    /// When the current window ends; nil before the first line.
    var windowEnd: ContinuousClock.Instant? { windowStart.map { $0 + Self.window } }

    /// The lines to print for `line` at `now`: the line itself, preceded by the summary of the
    /// window that ended; none while the window's lines are used up.
    mutating func lines(for line: String, at now: ContinuousClock.Instant) -> [String] {
        var out: [String] = []
        if let end = windowEnd, now >= end {
            if let summary = flush(at: now) { out.append(summary) }
        }
        if windowStart == nil {
            windowStart = now
            printed = 0
        }
        guard printed < Self.linesPerWindow else {
            leftOut += 1
            return out
        }
        printed += 1
        return out + [line]
    }

    /// The summary of the lines left out, once the window has ended; nil when none were (or the
    /// window has not ended). The next line starts a new window.
    mutating func flush(at now: ContinuousClock.Instant) -> String? {
        guard let end = windowEnd, now >= end else { return nil }
        windowStart = nil
        defer { leftOut = 0 }
        guard leftOut > 0 else { return nil }
        return "\(leftOut) more push lines like these were left out in \(Self.window.components.seconds) s"
    }
}
