import DBus

/// One signal of the agent's interface, typed: its name, its arguments as Swift values, and
/// when it is sent. The agent emits it and ``AgentClient`` reads it through the same
/// ``AgentBody``. The signals are listed in `AgentInterface+Signals.swift`.
package struct AgentEvent<Arguments>: Sendable {
    package let signal: AgentSignal
    package let arguments: AgentBody<Arguments>
    /// When the signal is sent, in sentences (introspection carries it as a comment).
    package let documentation: String

    package init(_ signal: AgentSignal, arguments: AgentBody<Arguments>, documentation: String) {
        self.signal = signal
        self.arguments = arguments
        self.documentation = documentation
    }

    /// The signal as introspection describes it.
    package var description: DBusSignalDescription {
        DBusSignalDescription(signal.name, arguments: arguments.fields, documentation: documentation)
    }

    /// The signal carrying `values`, from the agent's object; sent to `destination` only, when given.
    package func message(_ values: Arguments, to destination: BusName? = nil) -> DBusMessage {
        .signal(
            path: AgentInterface.path, interface: AgentInterface.interface, member: signal.name,
            destination: destination, body: arguments.encode(values))
    }

    /// The values `message` carries when it is this signal of the agent's interface; `nil` when
    /// it is another message.
    ///
    /// - Throws: the body's error when it is this signal with arguments of other types.
    package func decode(_ message: DBusMessage) throws -> Arguments? {
        guard message.kind == .signal, message.interface == AgentInterface.interface, message.member == signal.name
        else { return nil }
        return try arguments.decode(message.body)
    }
}
