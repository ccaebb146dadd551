import DBus

/// One method of the agent's interface, typed: its name, its arguments and reply as Swift
/// values, and what it does. Both ends go through it: ``AgentClient`` encodes the arguments
/// and decodes the reply, the agent decodes the arguments and encodes the reply, so the two
/// cannot disagree on the wire. The methods are listed in `AgentInterface+Methods.swift`.
package struct AgentCall<Arguments, Reply>: Sendable {
    package let method: AgentMethod
    package let arguments: AgentBody<Arguments>
    package let reply: AgentBody<Reply>
    /// What the method does, in sentences (introspection carries it as a comment).
    package let documentation: String

    package init(_ method: AgentMethod, arguments: AgentBody<Arguments>, reply: AgentBody<Reply>, documentation: String)
    {
        self.method = method
        self.arguments = arguments
        self.reply = reply
        self.documentation = documentation
    }

    /// The method as introspection describes it and the agent's router checks calls against.
    package var description: DBusMethodDescription {
        DBusMethodDescription(
            method.name, arguments: arguments.fields, reply: reply.fields, documentation: documentation,
            maximumArgumentBytes: method.maximumArgumentBytes)
    }

    /// The call of this method on the agent with `values`.
    package func message(_ values: Arguments) -> DBusMessage {
        .methodCall(
            destination: AgentInterface.busName, path: AgentInterface.path, interface: AgentInterface.interface,
            member: method.name, body: arguments.encode(values))
    }
}
