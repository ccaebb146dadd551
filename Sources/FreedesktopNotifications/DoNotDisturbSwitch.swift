import DBus

/// Where a notification server keeps its do-not-disturb switch, read over D-Bus. Which server
/// keeps which is a row of the quirks table (``ServerBehaviour/doNotDisturb(_:)``), or KDE's
/// `inhibitions` capability; every reader (the agent, `unotify server --explain`) asks ``of(_:)``.
///
/// Each server follows its own switch: while it is on, it shows no popup for a notification that
/// is not let through (measured on Debian 12's servers; `docs/DESKTOP-SETTINGS.md`).
public enum DoNotDisturbSwitch: Sendable, Hashable {
    /// KDE Plasma: the server's `Inhibited` property (`Inhibit` / `UnInhibit`). Plasma 5.27 puts
    /// a notification that is not critical into its history, with no popup; a critical one pops up.
    case inhibited
    /// dunst: the property `paused` of `org.dunstproject.cmd0` on the server's object
    /// (`dunstctl set-paused true`). dunst 1.9 holds every notification while paused, critical
    /// ones too, and shows them when it resumes.
    case dunstPaused
    /// mako: the mode `do-not-disturb` among those `fr.emersion.Mako.ListModes` answers
    /// (`makoctl mode -a do-not-disturb`). What mako does in it is its configuration's
    /// `[mode=do-not-disturb]` section (`invisible=1` hides notifications).
    case makoMode
    /// xfce4-notifyd: the xfconf channel `xfce4-notifyd`, property `/do-not-disturb`, read from
    /// xfconfd (`org.xfce.Xfconf.GetProperty`); xfce4-notifyd then logs a notification that is
    /// not critical without a popup.
    case xfconf
    /// SwayNotificationCenter: `GetDnd` of `org.erikreider.swaync.cc` at `/org/erikreider/swaync/cc`
    /// (`swaync-client --dnd-on`), on the server's own connection, which owns both names. It is the
    /// running server's state; the copy swaync keeps in GSettings (`org.erikreider.swaync
    /// dnd-state`) needs GIO to read and says nothing where swaync runs on GSettings' memory
    /// backend. While it is on, swaync keeps notifications in its control center without a popup.
    /// From 0.8 an inhibitor (`IsInhibited`, `swaync-client --inhibitor-add`) does the same while
    /// `GetDnd` stays false: either one on is on.
    case swayncDnd
    /// Budgie: `GetDoNotDisturb` of `org.buddiesofbudgie.budgie.Dispatcher` at
    /// `/org/budgie_desktop/Notifications`, on budgie-daemon's connection (it also owns
    /// `org.budgie_desktop.Notifications`). Kept in memory only; while it is on, budgie-daemon
    /// shows no popup for a notification that is not critical and closes it at once.
    case budgieDispatcher
    /// awesome (naughty): `naughty.is_suspended()`, read with the fixed expression
    /// ``awesomeExpression`` through `Eval` of `org.awesomewm.awful.Remote` (what `awesome-client`
    /// calls; `awful.remote`, which the stock `rc.lua` loads through `awful`). Read only: nothing
    /// else is ever evaluated. While suspended, naughty holds every notification (critical ones
    /// too) hidden until `naughty.resume()`.
    case awesomeSuspended

    /// The Lua expression unotify evaluates in awesome: the suspension state, and nothing else.
    public static let awesomeExpression = "return require(\"naughty\").is_suspended()"

    /// The switch of the server `profile` describes: KDE's `Inhibited` wherever `inhibitions` is
    /// advertised, else the quirks table's (``ServerBehaviour/doNotDisturb(_:)``); `nil` when it
    /// keeps none that can be read.
    public static func of(_ profile: ServerProfile) -> Self? {
        if profile.capabilities.contains(.inhibitions) { return .inhibited }
        return profile.first { if case .doNotDisturb(let doNotDisturbSwitch) = $0 { doNotDisturbSwitch } else { nil } }
    }

    /// Why the server `profile` describes has no switch of its own to read, for `unotify server
    /// --explain` (where ``of(_:)`` is `nil`): the quirks table's reason, or where its desktop
    /// keeps one in GSettings, which only the agent reads.
    public static func absence(in profile: ServerProfile) -> String {
        if let place = profile.doNotDisturbInGSettings { return place.absence }
        if let reason = profile.first({ if case .hasNoDoNotDisturb(let reason) = $0 { reason } else { nil } }) {
            return reason
        }
        return "\(profile.information?.name ?? "the server") keeps no switch unotify can read"
    }

    /// Where the state is read, for `unotify server --explain`: "dunst: paused". (`.inhibited` is
    /// KDE's; any server with `inhibitions` reads it, Plasma the only one measured.)
    public var origin: String {
        switch self {
        case .inhibited: "Plasma: Inhibited"
        case .dunstPaused: "dunst: paused"
        case .makoMode: "mako: mode do-not-disturb"
        case .xfconf: "xfconf: xfce4-notifyd /do-not-disturb"
        case .swayncDnd: "SwayNotificationCenter: GetDnd, IsInhibited"
        case .budgieDispatcher: "Budgie: GetDoNotDisturb"
        case .awesomeSuspended: "awesome: naughty.is_suspended()"
        }
    }

    /// Reads the switch of the server that owns `server` on `connection`.
    ///
    /// - Throws: `DBusError` when the server cannot be read, ``NotificationServerError`` when
    ///   xfconfd cannot (`.rejected`) or the answer has another type (`.badReply`).
    func read(on connection: DBusConnection, server: BusName, timeout: Duration) async throws -> Bool {
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
        let reply: DBusMessage
        do {
            reply = try await connection.call(
                .methodCall(
                    destination: "org.xfce.Xfconf", path: "/org/xfce/Xfconf", interface: "org.xfce.Xfconf",
                    member: "GetProperty", body: [.string("xfce4-notifyd"), .string("/do-not-disturb")]),
                timeout: timeout)
        } catch let error as DBusError where error.name == "org.xfce.Xfconf.Error.PropertyNotFound" {
            return false
        } catch let error as DBusError {
            // Not the notification server's fault: say whose it is.
            throw NotificationServerError(
                .rejected,
                "xfconfd (org.xfce.Xfconf), where xfce4-notifyd keeps its settings, cannot be read: "
                    + error.description, dbusErrorName: error.name)
        }
        guard reply.body.count == 1, case .variant(let value) = reply.body[0] else {
            throw NotificationServerError(.badReply, "xfconfd's GetProperty did not answer a variant")
        }
        return try boolean(value, "/do-not-disturb")
    }

    private static func boolean(_ value: DBusValue, _ name: String) throws -> Bool {
        guard case .boolean(let on) = value else {
            throw NotificationServerError(.badReply, "\(name) is not a boolean")
        }
        return on
    }
}
