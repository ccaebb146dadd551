import DBus
import Dispatch
import FreedesktopNotifications
import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// Shows one notification and waits, as `notify-send --wait` / `-A` do, until it is closed, an
/// action is chosen, the `-t` timeout passes, SIGINT arrives, or the server goes away.
struct NotificationWaiter {
    /// The server: the desktop's, or the notification portal in a sandbox.
    let client: any NotificationServer
    /// The bus the server is on.
    let connection: DBusConnection
    /// What to report the id and the chosen action to.
    let options: SendOptions

    /// How the wait ended.
    private enum Outcome: Sendable {
        /// The user chose the action `key`; `token` is the activation token the server sent first.
        case action(key: String, token: String?)
        case event(ServerEvent)
        case timeout
        case interrupted
        case serverGone
        case streamEnded
    }

    func run(_ original: NotifyRequest, waitWithoutActions: Bool) async throws {
        var request = original
        var failedActions = false
        if !request.actions.isEmpty,
            !ServerProfile(information: nil, capabilities: try await client.capabilities()).showsActions
        {
            StandardError.write("Actions are not supported by this notifications server. Displaying non-interactively.")
            request.actions = []
            failedActions = true
        }
        guard waitWithoutActions || !request.actions.isEmpty else {
            let id = try await client.notify(request)
            options.reportID(id.rawValue)
            if failedActions { throw CommandFailure("", exitCode: 1) }
            return
        }
        // Subscribe before Notify, so no signal can come before we listen.
        let events = try await client.events()
        // try?: without owner changes the wait still ends by the server's signals, a timeout or Ctrl-C
        let ownerChanges = try? await client.ownerChanges()
        let interrupts = SignalWaiter(signals: [SIGINT])
        let id = try await client.notify(request)
        options.reportID(id.rawValue)
        let outcome = await firstOutcome(
            for: id, events: events, ownerChanges: ownerChanges, interrupts: interrupts, timeout: request.expireTimeout)
        interrupts.stop()
        switch outcome {
        case .action(let key, let token):
            options.reportAction(key, activationToken: token)
            // try?: closing after the click is tidying: the action is already reported
            try? await client.closeNotification(id)
        case .timeout:
            StandardError.write("Wait timeout expired")
        case .interrupted:
            StandardError.write("Wait cancelled, closing notification")
            // try?: closing on timeout is tidying: the timeout is already reported
            try? await client.closeNotification(id)
        case .serverGone where await busAnswers():
            throw CommandFailure("unotify: the notification server left the bus before the notification was closed")
        case .serverGone, .streamEnded:
            // A bus daemon that stops drops its clients one by one: the server's name can vanish
            // before this connection is dropped too.
            throw CommandFailure(
                "unotify: lost the connection to the session bus while waiting (the bus daemon stopped)", exitCode: 2)
        case .event:
            break
        }
        if failedActions { throw CommandFailure("", exitCode: 1) }
    }

    /// Whether the bus still answers (it fails at once when the connection is gone).
    private func busAnswers() async -> Bool {
        // try?: an unreachable bus daemon is reported as the bus gone, the caller's next step
        (try? await connection.nameOwner(of: DBusConnection.busDaemon)) != nil
    }

    private func firstOutcome(
        for id: ServerNotificationID, events: AsyncThrowingStream<ServerEvent, any Error>,
        ownerChanges: AsyncThrowingStream<String?, any Error>?,
        interrupts: SignalWaiter, timeout: ExpireTimeout
    ) async -> Outcome {
        await withTaskGroup(of: Outcome.self) { group in
            group.addTask {
                var token: String?
                do {
                    for try await event in events where event.notificationID == id {
                        switch event {
                        case .actionInvoked(_, let key): return .action(key: key, token: token)
                        case .closed: return .event(event)
                        case .activationToken(_, let sent): token = sent
                        case .replied: continue
                        }
                    }
                } catch {}
                return .streamEnded
            }
            group.addTask {
                await interrupts.wait()
                return .interrupted
            }
            group.addTask {
                do {
                    if let ownerChanges {
                        for try await owner in ownerChanges where owner == nil { return .serverGone }
                    }
                } catch {}
                // try?: cancelled by the wait that ended first, which is the answer
                try? await Task.sleep(for: .seconds(86_400 * 365))
                return .streamEnded
            }
            if case .milliseconds(let milliseconds) = timeout {
                group.addTask {
                    // try?: cancelled by the wait that ended first, which is the answer
                    try? await Task.sleep(for: .milliseconds(Int(milliseconds)))
                    return Task.isCancelled ? .streamEnded : .timeout
                }
            }
            let first = await group.next() ?? .streamEnded
            group.cancelAll()
            return first
        }
    }
}
