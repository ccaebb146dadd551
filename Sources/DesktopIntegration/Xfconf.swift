import DBus

/// xfconfd, where Xfce keeps its settings, over its D-Bus interface `org.xfce.Xfconf`: the one
/// reader and writer of xfconf properties (xfce4-notifyd's do-not-disturb, its muted
/// applications). Errors are xfconfd's own (`DBusError`); callers say whose setting it was.
package struct Xfconf: Sendable {
    package static let service: BusName = "org.xfce.Xfconf"
    package static let path: ObjectPath = "/org/xfce/Xfconf"
    package static let interface: InterfaceName = "org.xfce.Xfconf"
    /// xfconfd's answer for a property that was never set.
    static let propertyNotFound = "org.xfce.Xfconf.Error.PropertyNotFound"

    /// Whether `error` is xfconfd's refusal to change a property the administrator locked (the
    /// `locked` attribute of a system channel file, Xfce's kiosk mode):
    /// `org.xfce.Xfconf.Error.PermissionDenied` (measured with xfconfd 4.18).
    package static func isLockRefusal(_ error: any Error) -> Bool {
        (error as? DBusError)?.name == "org.xfce.Xfconf.Error.PermissionDenied"
    }

    /// The connection xfconfd is called on.
    package let connection: DBusConnection

    /// xfconfd on `connection`.
    package init(connection: DBusConnection) {
        self.connection = connection
    }

    /// The value of `property` in `channel` (`GetProperty`); nil when it was never set.
    ///
    /// - Throws: `DBusError` when xfconfd cannot be asked; ``XfconfReplyError`` when it answers
    ///   something other than a variant.
    package func value(of property: String, in channel: String, timeout: Duration) async throws -> DBusValue? {
        let reply: DBusMessage
        do {
            reply = try await connection.call(
                .methodCall(
                    destination: Self.service, path: Self.path, interface: Self.interface, member: "GetProperty",
                    body: [.string(channel), .string(property)]), timeout: timeout)
        } catch let error as DBusError where error.name == Self.propertyNotFound {
            return nil
        }
        guard reply.body.count == 1, case .variant(let value) = reply.body[0] else {
            throw XfconfReplyError("xfconfd's GetProperty for \(channel) \(property) did not answer a variant")
        }
        return value
    }

    /// Sets `property` in `channel` to `value` (`SetProperty`), waiting for xfconfd's answer on
    /// the calling thread (for a caller that must not suspend, as a settings store's write).
    ///
    /// - Throws: `DBusError` when xfconfd refuses (a locked property: ``isLockRefusal(_:)``) or
    ///   cannot be asked.
    package func setBlocking(_ property: String, in channel: String, to value: DBusValue, timeout: Duration) throws {
        _ = try connection.callBlocking(
            .methodCall(
                destination: Self.service, path: Self.path, interface: Self.interface, member: "SetProperty",
                body: [.string(channel), .string(property), .variant(value)]),
            timeout: timeout)
    }

    /// xfconfd's `PropertyChanged(channel, property, value)` and `PropertyRemoved(channel,
    /// property)` for `channel`; subscribed when this returns.
    package func changes(in channel: String) async throws -> AsyncThrowingStream<DBusMessage, any Error> {
        try await connection.signals(
            matching: MatchRule(sender: Self.service, path: Self.path, interface: Self.interface, arg0: channel))
    }
}
