/// `unotify delivered`, as the end-to-end suites read it: what the agent still lists.
extension MatrixSession {
    /// The output of `unotify delivered --app APP` (``output(_:extraEnvironment:)``: it must
    /// exit 0), answered by the agent that sent the session's first notification. An agent that
    /// crashed and was started again by the command lists nothing: that must not read as an
    /// agent that forgot what it was told to.
    public func delivered(_ app: String) async throws -> String {
        let before = monitor.messages.filter(Self.isListDelivered).count
        let listed = try await output(["delivered", "--app", app])
        // dbus-monitor prints the call and its answer a little later than they pass the bus.
        try await Eventually.wait(timeout: .seconds(10), "unotify delivered's ListDelivered and its answer on the bus")
        {
            let messages = self.monitor.messages
            let calls = messages.filter(Self.isListDelivered)
            guard calls.count > before, let call = calls.last else { return false }
            return messages.contains { $0.replySerial == call.serial && $0.destination == call.sender }
        }
        let messages = monitor.messages
        guard
            let agent = messages.first(where: {
                $0.kind == "method call" && $0.member == "Notify" && $0.sender != monitor.forwarder
            })?.sender
        else { throw TestSupportError("no notification was sent in this session: no agent to ask") }
        let call = messages.last(where: Self.isListDelivered)
        let answer = messages.first { $0.replySerial == call?.serial && $0.destination == call?.sender }
        guard let answerer = answer?.sender, answerer == agent else {
            throw TestSupportError(
                "ListDelivered was answered by \(answer?.sender ?? "nobody"), not by \(agent), the agent that sent "
                    + "the notifications: it was started again")
        }
        return listed
    }

    /// A call of the agent's `ListDelivered`.
    private static func isListDelivered(_ message: MonitoredMessage) -> Bool {
        message.kind == "method call" && message.member == "ListDelivered"
    }
}
