import DBus

/// Where a notification server keeps its do-not-disturb switch, read over D-Bus. **The one
/// place** that knows which server keeps it where, by the name `GetServerInformation` gives
/// (and KDE's `inhibitions` capability); every reader (the agent, `unotify server --explain`)
/// asks ``of(_:)``.
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

    /// The switch of the server `profile` describes; `nil` when it keeps none that can be read.
    public static func of(_ profile: ServerProfile) -> Self? {
        if profile.capabilities.contains(.inhibitions) { return .inhibited }
        switch profile.information?.name {
        case "dunst": return .dunstPaused
        case "mako": return .makoMode
        case "Xfce Notify Daemon": return .xfconf
        default: return nil
        }
    }

    /// Where the state is read, for `unotify server --explain`: "dunst: paused". (`.inhibited` is
    /// KDE's; any server with `inhibitions` reads it, Plasma the only one measured.)
    public var origin: String {
        switch self {
        case .inhibited: "Plasma: Inhibited"
        case .dunstPaused: "dunst: paused"
        case .makoMode: "mako: mode do-not-disturb"
        case .xfconf: "xfconf: xfce4-notifyd /do-not-disturb"
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
        }
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
