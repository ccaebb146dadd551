import DBus
import FreedesktopNotifications

extension DoNotDisturbSwitch {
    /// Whether the switch is on, read from the server at `endpoint` (xfconfd, for `.xfconf`).
    ///
    /// - Throws: ``NotificationServerError``: `.noServer` and the like when the server cannot be
    ///   read, `.rejected` when xfconfd cannot, `.badReply` when the answer has another type.
    package func read(at endpoint: ServerEndpoint) async throws -> Bool {
        do {
            return try await read(on: endpoint.connection, server: endpoint.name, timeout: endpoint.timeout)
        } catch let error as DBusError {
            throw NotificationServerError(error, server: endpoint.name)
        }
    }

    /// Whether the switch is on, read from `server`'s bus (``read(at:)``).
    ///
    /// - Throws: ``NotificationServerError`` `.noServer` when the server is on no bus, else as
    ///   ``read(at:)``.
    package func read(from server: any NotificationServer) async throws -> Bool {
        guard let endpoint = server.endpoint else {
            throw NotificationServerError(.noServer, "the notification server is on no bus: \(origin) cannot be read")
        }
        return try await read(at: endpoint)
    }

    private func read(on connection: DBusConnection, server: BusName, timeout: Duration) async throws -> Bool {
        switch self {
        case .inhibited:
            return try Self.boolean(
                await connection.property(
                    "Inhibited", of: NotificationsService.interface, at: NotificationsService.path, on: server,
                    timeout: timeout), "Inhibited")
        case .dunstPaused:
            return try Self.boolean(
                await connection.property(
                    "paused", of: "org.dunstproject.cmd0", at: NotificationsService.path, on: server, timeout: timeout),
                "paused")
        case .makoMode:
            let reply = try await connection.call(
                .methodCall(
                    destination: server, path: "/fr/emersion/Mako", interface: "fr.emersion.Mako",
                    member: "ListModes", body: []), timeout: timeout)
            guard reply.body.count == 1, case .array(_, let modes) = reply.body[0] else {
                throw NotificationServerError(.badReply, "mako's ListModes did not answer an array of strings")
            }
            return modes.contains(.string("do-not-disturb"))
        case .xfconf:
            return try await Self.readXfconf(on: connection, timeout: timeout)
        case .swayncDnd:
            let path: ObjectPath = "/org/erikreider/swaync/cc"
            if try await Self.answer(
                of: path, "org.erikreider.swaync.cc", "GetDnd", on: connection, server: server, timeout: timeout)
            {
                return true
            }
            // 0.8 and later: an inhibitor (`swaync-client --inhibitor-add`) holds popups as
            // do-not-disturb does while GetDnd stays false (measured on 0.12.6). 0.7 has none.
            do {
                return try await Self.answer(
                    of: path, "org.erikreider.swaync.cc", "IsInhibited", on: connection, server: server,
                    timeout: timeout)
            } catch let error as DBusError where error.isNamed(.unknownMethod) {
                return false
            }
        case .budgieDispatcher:
            return try await Self.answer(
                of: "/org/budgie_desktop/Notifications", "org.buddiesofbudgie.budgie.Dispatcher", "GetDoNotDisturb",
                on: connection, server: server, timeout: timeout)
        case .awesomeSuspended:
            return try await Self.answer(
                of: "/", "org.awesomewm.awful.Remote", "Eval", [.string(Self.awesomeExpression)], on: connection,
                server: server, timeout: timeout)
        }
    }

    /// The one boolean a method of the server answers. awesome's `Eval` answers a string when
    /// the expression fails (naughty not loaded): that is said, not taken for "off".
    private static func answer(
        of path: ObjectPath, _ interface: InterfaceName, _ member: MemberName, _ body: [DBusValue] = [],
        on connection: DBusConnection, server: BusName, timeout: Duration
    ) async throws -> Bool {
        let reply = try await connection.call(
            .methodCall(destination: server, path: path, interface: interface, member: member, body: body),
            timeout: timeout)
        guard reply.body.count == 1, case .boolean(let on) = reply.body[0] else {
            let said = reply.body.first.flatMap { value -> String? in
                guard case .string(let text) = value else { return nil }
                return text
            }
            throw NotificationServerError(
                .badReply, "\(interface).\(member) did not answer one boolean" + (said.map { ": \($0)" } ?? ""))
        }
        return on
    }

    /// xfconfd's `/do-not-disturb` of channel `xfce4-notifyd`; a property never set is off
    /// (xfce4-notifyd's default).
    private static func readXfconf(on connection: DBusConnection, timeout: Duration) async throws -> Bool {
        let value: DBusValue?
        do {
            value = try await Xfconf(connection: connection).value(
                of: "/do-not-disturb", in: "xfce4-notifyd", timeout: timeout)
        } catch let error as DBusError {
            // Not the notification server's fault: say whose it is.
            throw NotificationServerError(
                .rejected,
                "xfconfd (org.xfce.Xfconf), where xfce4-notifyd keeps its settings, cannot be read: "
                    + error.description, dbusErrorName: error.name)
        } catch let error as XfconfReplyError {
            throw NotificationServerError(.badReply, error.description)
        }
        guard let value else { return false }
        return try boolean(value, "/do-not-disturb")
    }

    private static func boolean(_ value: DBusValue, _ name: String) throws -> Bool {
        guard case .boolean(let on) = value else {
            throw NotificationServerError(.badReply, "\(name) is not a boolean")
        }
        return on
    }
}
