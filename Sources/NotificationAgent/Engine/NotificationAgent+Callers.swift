import DBus
import NotificationAgentClient

/// Who may call: a sandboxed app acts only for itself (``CallerSandbox``, ``SandboxedCallRule``);
/// every other process of the user acts for any app, as before.
extension NotificationAgent {
    /// Refuses `message` when its sender is a sandboxed app that asks for another app, or for a
    /// method no sandboxed app may call.
    func admit(_ message: DBusMessage) async throws {
        guard let sender = message.sender, let method = AgentMethod(rawValue: message.member?.rawValue ?? "") else {
            return
        }
        // An app's own agent in its sandbox serves that app alone, whoever calls: the bus's pid
        // of a caller is not even visible from inside.
        let caller =
            if case .appInSandbox(let app) = host { CallerSandbox.flatpak(app: app) } else {
                try await sandbox(of: sender)
            }
        guard case .flatpak(let own) = caller else { return }
        switch SandboxedCallRule(method) {
        case .allowed:
            return
        case .refused:
            throw AgentError(
                .notAllowed,
                "\(own) runs in a sandbox: it may not call \(method.rawValue), which only the user's own "
                    + "programs may (unotify settings, the desktop's settings)")
        case .ownAppOnly:
            guard case .string(let app)? = message.body.first, app == own else {
                let asked = if case .string(let app)? = message.body.first { AgentError.quote(app) } else { "none" }
                throw AgentError(
                    .notAllowed,
                    "\(own) runs in a sandbox: it may act only for itself, not for \(asked); "
                        + "call \(method.rawValue) with \(own)")
            }
        }
    }

    /// The sandbox of the connection `sender`, asked of the bus once per connection (a unique
    /// name is never used again).
    private func sandbox(of sender: String) async throws -> CallerSandbox {
        if let known = callerSandboxes[sender] { return known }
        let pid: UInt32
        do {
            pid = try await connection.processID(of: try BusName(validating: sender))
        } catch let error as DBusError {
            throw AgentError(.notAllowed, "cannot tell which process the caller \(sender) is: \(error.message)")
        }
        let sandbox = try CallerSandbox.of(processID: pid)
        if callerSandboxes.count >= 1024 { callerSandboxes.removeAll() }
        callerSandboxes[sender] = sandbox
        return sandbox
    }
}
