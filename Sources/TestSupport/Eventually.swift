/// A bounded wait for a condition that a real event makes true (a call seen, a file written).
public enum Eventually {
    /// The first pause between two checks.
    static let firstPause: Duration = .milliseconds(5)
    /// The longest pause between two checks.
    static let longestPause: Duration = .milliseconds(50)

    /// Checks `condition` until it holds or `timeout` passes: at once, then after a pause that
    /// starts at 5 ms and doubles up to 50 ms. Many conditions run a tool (`xdotool`,
    /// `dunstctl`, a screenshot): checked every 5 ms for seconds on end, they kept both cores of
    /// a test machine busy; a condition that holds soon is still seen within milliseconds.
    public static func wait(timeout: Duration, _ what: String, _ condition: @Sendable () async throws -> Bool)
        async throws
    {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var pause = firstPause
        while clock.now < deadline {
            if try await condition() { return }
            try await Task.sleep(for: min(pause, max(deadline - clock.now, .zero)))
            pause = min(pause * 2, longestPause)
        }
        if try await condition() { return }
        throw TestSupportError("timed out after \(timeout) waiting for \(what)")
    }
}
