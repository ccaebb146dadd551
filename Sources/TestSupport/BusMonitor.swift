import Foundation

/// `dbus-monitor` on a private bus: every message the notification server receives or sends,
/// for tests that must show what was sent to a real server (the server's own signals are
/// unicast on dunst, so only a monitor sees them).
public final class BusMonitor: @unchecked Sendable {
    private let process: ChildProcess

    /// The unique name of a server that passes each `Notify` on to another process (GNOME
    /// Shell's notification service forwards it to the shell): its calls are no client's.
    public let forwarder: String?

    /// Starts monitoring `address` and waits (bounded) until the monitor is in place.
    public init(address: String, forwarder: String? = nil, timeout: TimeInterval = 10) async throws {
        self.forwarder = forwarder
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        process = try ChildProcess("/usr/bin/dbus-monitor", ["--address", address], environment: environment)
        // dbus-monitor prints the bus's NameAcquired for its own connection once it monitors.
        _ = try await process.waitForLine(timeout: timeout) {
            $0.contains("member=NameLost") || $0.contains("member=NameAcquired")
        }
    }

    deinit { process.stop(grace: 1) }

    /// Every message so far.
    public var messages: [MonitoredMessage] { MonitoredMessage.parse(process.standardOutput) }

    /// Every `Notify` call so far, oldest first, each with the server's answer if seen; not
    /// those that the server itself passes on (``forwarder``).
    public var notifyCalls: [NotifyCall] {
        let all = messages
        let calls = all.filter { $0.kind == "method call" && $0.member == "Notify" && $0.sender != forwarder }
        return calls.map { call in
            let reply = all.first {
                $0.kind == "method return" && $0.replySerial == call.serial && $0.destination == call.sender
            }
            return NotifyCall(
                appName: call.scalar(0) ?? "", replacesID: UInt32(call.scalar(1) ?? "") ?? 0,
                summary: call.scalar(3) ?? "", body: call.scalar(4) ?? "", actions: call.strings(5),
                hintKeys: call.dictionaryKeys(6), hints: call.dictionary(6),
                expireTimeout: Int32(call.scalar(7) ?? "") ?? -1,
                returnedID: reply?.scalar(0).flatMap { UInt32($0) })
        }
    }

    /// `NotificationClosed` signals so far, as (id, reason).
    public var closedSignals: [(id: UInt32, reason: UInt32)] {
        messages.filter { $0.kind == "signal" && $0.member == "NotificationClosed" }.compactMap { signal in
            guard let id = signal.scalar(0).flatMap({ UInt32($0) }),
                let reason = signal.scalar(1).flatMap({ UInt32($0) })
            else { return nil }
            return (id, reason)
        }
    }

    /// Waits (bounded) until the newest call to `member` has its answer on the bus; returns
    /// the messages up to that answer. Messages from one connection pass the bus in the order
    /// they were sent: what the answering connection sent before the answer is among them.
    public func messagesUntilAnswer(toNewest member: String, timeout: Duration = TestPatience.event) async throws
        -> [MonitoredMessage]
    {
        guard let call = messages.last(where: { $0.kind == "method call" && $0.member == member }) else {
            throw TestSupportError("no \(member) call on the bus")
        }
        try await Eventually.wait(timeout: timeout, "the answer to \(member) on the bus") {
            self.messages.contains { $0.replySerial == call.serial && $0.destination == call.sender }
        }
        let all = messages
        let answer = all.firstIndex { $0.replySerial == call.serial && $0.destination == call.sender } ?? all.endIndex
        return Array(all[..<answer])
    }

    /// Waits (bounded) until a call to `member` is on the bus and answered; returns the messages
    /// up to that answer (``messagesUntilAnswer(toNewest:timeout:)``).
    @discardableResult
    public func waitForAnswer(to member: String, timeout: Duration = TestPatience.event) async throws
        -> [MonitoredMessage]
    {
        try await Eventually.wait(timeout: timeout, "a \(member) call on the bus") {
            self.messages.contains { $0.kind == "method call" && $0.member == member }
        }
        return try await messagesUntilAnswer(toNewest: member, timeout: timeout)
    }

    /// Waits (bounded) until `count` `Notify` calls have been answered (or only sent, for
    /// `answered: false`: a call made with no reply expected gets none); returns them all.
    @discardableResult
    public func waitForNotify(count: Int, answered: Bool = true, timeout: Duration = TestPatience.event) async throws
        -> [NotifyCall]
    {
        try await Eventually.wait(timeout: timeout, "\(count) \(answered ? "answered " : "")Notify call(s) on the bus")
        {
            self.notifyCalls.filter { !answered || $0.returnedID != nil }.count >= count
        }
        return notifyCalls
    }
}
