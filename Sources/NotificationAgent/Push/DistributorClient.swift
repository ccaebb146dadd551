import DBus
import NotificationAgentClient

/// The connector's calls to a distributor: `Register` and `Unregister` through `Distributor2`,
/// falling back to `Distributor1` when the distributor does not have the newer interface.
package struct DistributorClient: Sendable {
    package let connection: DBusConnection
    /// The distributor's bus name.
    package let name: BusName
    /// The connector's service name given in `Register` (the agent's own name).
    package let service: String

    package init(connection: DBusConnection, name: BusName, service: String) {
        self.connection = connection
        self.name = name
        self.service = service
    }

    /// Registers `token`, with the app server's VAPID public key `vapid` when there is one;
    /// throws ``AgentError`` `.pushUnavailable` with the distributor's reason when it refuses or
    /// cannot be reached. A distributor with only `Distributor1`, which has no VAPID, is
    /// registered with without the key; the return says whether the key was given.
    @discardableResult
    package func register(token: String, description: String, vapid: String? = nil) async throws -> Bool {
        let (result, reason): (String, String)
        var keyGiven = vapid != nil
        do {
            var arguments: [String: DBusVariant] = [
                "service": DBusVariant(service), "token": DBusVariant(token), "description": DBusVariant(description),
            ]
            if let vapid { arguments["vapid"] = DBusVariant(vapid) }
            let reply = try await call(UnifiedPush.distributor2, "Register", [arguments.dbusValue])
            let fields = try reply.first.map { try [String: DBusVariant](dbusValue: $0) } ?? [:]
            // try?: a field of another type is absent: the result below says the registration failed
            result = fields["success"].flatMap { try? String(dbusValue: $0.value) } ?? ""
            // try?: a missing reason is empty: the failure is still reported
            reason = fields["reason"].flatMap { try? String(dbusValue: $0.value) } ?? ""
        } catch let error as DBusError where Self.lacksInterface(error) {
            keyGiven = false
            let reply = try await call(
                UnifiedPush.distributor1, "Register", [.string(service), .string(token), .string(description)])
            // try?: a reply of other types has no result: the registration is reported failed
            let strings = reply.compactMap { try? String(dbusValue: $0) }
            result = strings.first ?? ""
            reason = strings.dropFirst().first ?? ""
        }
        guard result == "REGISTRATION_SUCCEEDED" || result == "NEW_ENDPOINT" else {
            throw AgentError(
                .pushUnavailable,
                "the UnifiedPush distributor \(name.rawValue) refused the registration ("
                    + (reason.isEmpty ? (result.isEmpty ? "no answer" : result) : reason) + ")")
        }
        return keyGiven
    }

    /// Unregisters `token` (the distributor answers with `Unregistered`).
    package func unregister(token: String) async throws {
        do {
            let arguments: [String: DBusVariant] = ["token": DBusVariant(token)]
            _ = try await call(UnifiedPush.distributor2, "Unregister", [arguments.dbusValue])
        } catch let error as DBusError where Self.lacksInterface(error) {
            var message = DBusMessage.methodCall(
                destination: name, path: UnifiedPush.distributorPath, interface: UnifiedPush.distributor1,
                member: "Unregister", body: [.string(token)])
            message.noReplyExpected = true
            _ = try await connection.send(message)
        }
    }

    private func call(_ interface: InterfaceName, _ member: MemberName, _ body: [DBusValue]) async throws
        -> [DBusValue]
    {
        do {
            return try await connection.call(
                .methodCall(
                    destination: name, path: UnifiedPush.distributorPath, interface: interface, member: member,
                    body: body), timeout: .seconds(10)
            ).body
        } catch let error as DBusError where !Self.lacksInterface(error) {
            throw AgentError(
                .pushUnavailable,
                "the UnifiedPush distributor \(name.rawValue) did not answer \(member.rawValue): \(error)")
        }
    }

    private static func lacksInterface(_ error: DBusError) -> Bool {
        error.isNamed(.unknownInterface) || error.isNamed(.unknownMethod)
    }
}
