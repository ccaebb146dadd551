/// Waiting for `unotify listen`, as the end-to-end suites start it.
extension MatrixSession {
    /// Waits (bounded) until the agent has answered the session's first `Listen`: from then on
    /// a response reaches that listener, not the queue kept for the app's next `Listen`.
    public func waitForListening(timeout: Duration = TestPatience.event) async throws {
        try await Eventually.wait(timeout: timeout, "the agent answered listen's Listen") {
            let messages = self.monitor.messages
            guard let call = messages.first(where: { $0.kind == "method call" && $0.member == "Listen" }) else {
                return false
            }
            return messages.contains {
                $0.kind == "method return" && $0.replySerial == call.serial && $0.destination == call.sender
            }
        }
    }
}
