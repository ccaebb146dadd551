import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport

/// Every argument limit a real `unotifyd` puts on the methods it exports (its own
/// `org.unotify.Agent1` and the UnifiedPush connector's `Connector1` and `Connector2`): the number
/// docs/RELIABILITY.md gives is the code's, a call counting exactly that many bytes is let in,
/// one byte more is refused with `LimitsExceeded` and logged, and what each limit is documented
/// to carry at its largest fits in it.
@Suite(.timeLimit(.minutes(3))) struct AgentArgumentLimitTests {
    /// One exported method with its object.
    struct Limited: Sendable, CustomStringConvertible {
        let path: ObjectPath
        let interface: InterfaceName
        let method: DBusMethodDescription
        var description: String { "\(interface.rawValue).\(method.name.rawValue)" }
    }

    /// Every method the agent exports.
    static let methods: [Limited] =
        AgentInterface.description.methods.map {
            Limited(path: AgentInterface.path, interface: AgentInterface.interface, method: $0)
        }
        + UnifiedPush.connectorDescriptions.flatMap { interface in
            interface.methods.map { Limited(path: UnifiedPush.connectorPath, interface: interface.name, method: $0) }
        }

    /// docs/RELIABILITY.md's table of argument limits: each method named in a row, and the first
    /// number of its second cell ("4 096" is 4096).
    static func documentedLimits() throws -> [String: Int] {
        let text = try String(
            contentsOf: PackageRoot.url.appendingPathComponent("docs/RELIABILITY.md"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("| method | arguments at most (bytes) |") })
        var limits: [String: Int] = [:]
        for line in lines[(start + 2)...].prefix(while: { $0.hasPrefix("|") }) {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let number = try #require(Int(cells[1].prefix { $0.isNumber || $0 == " " }.filter(\.isNumber)), "\(line)")
            let names = cells[0].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            for name in names where name.first?.isUppercase == true && !name.contains(".") {
                limits[name] = number
            }
        }
        return limits
    }

    /// The arguments of `method` counting exactly `bytes` as the limit counts them (strings their
    /// bytes, `t` and `x` 8): every argument as small as its type allows, and the rest in one
    /// string, the first `s` argument or else inside the first container or else one more
    /// argument (which the router then refuses for its signature, after the limit let it by).
    static func arguments(of method: DBusMethodDescription, counting bytes: Int) throws -> [DBusValue] {
        var values: [DBusValue] = []
        var fixed = 0
        for argument in method.arguments {
            switch argument.type {
            case "s": values.append(.string(""))
            case "t": (values, fixed) = (values + [.uint64(0)], fixed + 8)
            case "x": (values, fixed) = (values + [.int64(0)], fixed + 8)
            case "a{sv}": values.append([String: DBusVariant]().dbusValue)
            case "as": values.append([String]().dbusValue)
            case "av": values.append(.array(element: .variant, []))
            case "ay": values.append([UInt8]().dbusValue)
            default: throw TestSupportError("\(method.name): no filler for the type \(argument.type)")
            }
        }
        let padding = String(repeating: "p", count: bytes - fixed)
        let types = method.arguments.map(\.type)
        if let index = types.firstIndex(of: "s") {
            values[index] = .string(padding)
        } else if let index = types.firstIndex(of: "a{sv}") {
            values[index] = ["": DBusVariant(padding)].dbusValue
        } else if let index = types.firstIndex(of: "av") {
            values[index] = .array(element: .variant, [.variant(.string(padding))])
        } else {
            values.append(.string(padding))
        }
        return values
    }

    @Test func everyExportedMethodHasTheLimitTheDocumentationGives() throws {
        let documented = try Self.documentedLimits()
        for limited in Self.methods {
            let limit = try #require(limited.method.maximumArgumentBytes, "\(limited) has no limit")
            #expect(documented[limited.method.name.rawValue] == limit, "\(limited)")
        }
        let exported = Set(Self.methods.map(\.method.name.rawValue))
        #expect(Set(documented.keys).subtracting(exported).isEmpty, "documented but not exported")
    }

    /// Through the bus, for each method: its limit in bytes is let in (answered, or refused for
    /// what the arguments say, never for their size), one byte more is `LimitsExceeded`, and the
    /// agent logs that refusal in a line naming the method.
    @Test func eachMethodTakesItsLimitAndRefusesOneByteMore() async throws {
        let rig = try await AgentProcessRig()
        let agent = try await rig.startAgent()
        let caller = try DBusConnection(address: rig.bus.address)
        for limited in Self.methods {
            let limit = try #require(limited.method.maximumArgumentBytes)
            for bytes in [limit, limit + 1] {
                let call = DBusMessage.methodCall(
                    destination: AgentInterface.busName, path: limited.path, interface: limited.interface,
                    member: limited.method.name, body: try Self.arguments(of: limited.method, counting: bytes))
                var refusal: String?
                do {
                    _ = try await caller.call(call, timeout: .seconds(10))
                } catch let error as DBusError where error.code == .remote {
                    refusal = error.name
                }
                let refused = refusal == ErrorName.limitsExceeded.rawValue
                #expect(refused == (bytes > limit), "\(limited) with \(bytes) bytes: \(refusal ?? "answered")")
            }
            let name = limited.method.name.rawValue
            let line = try await agent.waitForLine(timeout: 10, inStandardError: true) {
                $0.contains(" \(name) (\(limited.interface.rawValue))") && $0.contains("LimitsExceeded")
            }
            #expect(line.contains("\(limit)"), "\(line)")
        }
        try await rig.stop(agent)
        rig.bus.stop()
    }

    /// What each limit is documented to carry at its largest is let in and done: a 4 096-byte
    /// APNs payload (`Push`), 262 144 bytes of categories' JSON (`SetCategories`), a request
    /// with every text field at its largest (`Add`), a 65 536-byte reply (`Reply`, refused only
    /// for its number), and 256 KiB of summary and body (`Relay`), each for an app identifier of
    /// 255 bytes.
    @Test func theLargestDocumentedArgumentsFitTheirLimits() async throws {
        let rig = try await AgentProcessRig()
        let agent = try await rig.startAgent()
        let client = try await AgentClient(address: rig.bus.address, startAgent: false)
        let app = "org.example." + String(repeating: "a", count: 255 - 12)
        _ = try await client.setSettings(
            app: app, changes: ["authorization": DBusVariant(.int32(2)), "alert": DBusVariant(.int32(2))])

        let head = #"{"aps":{"alert":{"title":"Push","body":""#
        let payload = head + String(repeating: "b", count: 4_096 - head.utf8.count - 4) + #""}}}"#
        #expect(payload.utf8.count == 4_096)
        _ = try await client.push(app: app, payloadJSON: payload)
        #expect(try await rig.server.nextCall().request.summary == "Push")

        try await client.setCategories(app: app, json: "[" + String(repeating: " ", count: 262_144 - 2) + "]")

        var request = DeliveryRequest(
            identifier: String(repeating: "i", count: 1_024), title: "Add" + String(repeating: "t", count: 4_093),
            subtitle: String(repeating: "s", count: 4_096), body: String(repeating: "b", count: 65_536),
            categoryIdentifier: String(repeating: "c", count: 1_024),
            threadIdentifier: String(repeating: "h", count: 1_024))
        request.userInfoJSON = #"{"k":""# + String(repeating: "u", count: 65_536 - 9) + #""}"#
        _ = try await client.add(app: app, request: request)
        #expect(try await rig.server.nextCall().request.summary.hasPrefix("Add"))

        let reply = await #expect(throws: AgentError.self) {
            try await client.reply(token: "0000-0000-0000-0000", text: String(repeating: "r", count: 65_536))
        }
        #expect(reply?.message.contains("bytes of arguments") == false, "\(String(describing: reply))")

        let relayed = NotifyRequest(
            appName: "Relay", summary: "Relay" + String(repeating: "s", count: 131_067),
            body: String(repeating: "b", count: 131_072))
        _ = try await client.relay(relayed)
        #expect(try await rig.server.nextCall().request.summary.hasPrefix("Relay"))
        try await rig.stop(agent)
        rig.bus.stop()
    }
}
