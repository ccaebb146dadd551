/// A bounded wait for a condition that a real event makes true (a call seen, a file written).
public enum Eventually {
    /// Checks `condition` every few milliseconds until it holds or `timeout` passes.
    public static func wait(timeout: Duration, _ what: String, _ condition: @Sendable () async throws -> Bool)
        async throws
    {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        if try await condition() { return }
        throw TestSupportError("timed out after \(timeout) waiting for \(what)")
    }
}
