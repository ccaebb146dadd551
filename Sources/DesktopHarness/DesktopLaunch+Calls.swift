import DBus

/// The calls the desktop recipes make on their own bus while they wait for a server: each
/// bounded, and "no answer" (a failure, an error reply, a timeout) is simply "not yet".
extension DesktopLaunch {
    /// The arguments of the reply to `interface.member` on `destination`'s `path`, nil when
    /// there is none within `timeout`.
    func reply(
        from destination: BusName, path: ObjectPath, interface: InterfaceName, member: MemberName,
        arguments: [DBusValue] = [], timeout: Duration = .seconds(2)
    ) async -> [DBusValue]? {
        guard let bus else { return nil }
        // try?: a call that fails or goes unanswered means "not ready yet" to every caller, which asks again
        return try? await bus.call(
            .methodCall(destination: destination, path: path, interface: interface, member: member, body: arguments),
            timeout: timeout
        ).body
    }

    /// The JSON text of what `code` evaluates to in a shell's `Eval` method (GNOME Shell's
    /// `org.gnome.Shell.Eval`, Cinnamon's `org.Cinnamon.Eval`); nil when the call gets no answer
    /// or the shell reports a failure.
    func evaluate(_ code: String, in destination: BusName, path: ObjectPath, interface: InterfaceName) async
        -> String?
    {
        guard
            let body = await reply(
                from: destination, path: path, interface: interface, member: "Eval", arguments: [.string(code)]),
            body.count == 2, case .boolean(true) = body[0], case .string(let result) = body[1]
        else { return nil }
        return result
    }

    /// Whether the owner of org.freedesktop.Notifications answers `GetServerInformation`.
    func notificationServerAnswers() async -> Bool {
        await reply(
            from: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
            interface: "org.freedesktop.Notifications", member: "GetServerInformation") != nil
    }
}
