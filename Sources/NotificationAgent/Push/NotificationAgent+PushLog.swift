import Foundation

/// Push's log lines, throttled (``PushLogThrottle``).
extension NotificationAgent {
    /// Writes `line` to stderr, at most ``PushLogThrottle/linesPerWindow`` a minute: the rest are
    /// counted and said in one line when the minute is over.
    func logPush(_ line: String) {
        let now = ContinuousClock.now
        for printed in push.logThrottle.lines(for: line, at: now) {
            log.write("push: \(printed)")
        }
        guard push.logThrottle.isLeavingOut, !push.logFlushScheduled, let end = push.logThrottle.windowEnd else {
            return
        }
        push.logFlushScheduled = true
        Task { [weak self] in
            // try?: cancelled only with the agent
            try? await Task.sleep(until: end, clock: .continuous)
            await self?.flushPushLog()
        }
    }

    func flushPushLog() {
        push.logFlushScheduled = false
        if let summary = push.logThrottle.flush(at: ContinuousClock.now) {
            log.write("push: \(summary)")
        }
    }
}
