import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// The wire types the code uses agree with `dbus/org.freedesktop.Notifications.xml`.
@Suite struct IntrospectionFixtureTests {
    /// `member → (in signature, out signature)` read from the XML fixture.
    static func members() throws -> [String: (String, String)] {
        let xml = try String(
            contentsOf: PackageRoot.url.appendingPathComponent("dbus/org.freedesktop.Notifications.xml"),
            encoding: .utf8)
        var result: [String: (String, String)] = [:]
        var current: String?
        for line in xml.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let name = Self.attribute("name", in: line), line.hasPrefix("<method") || line.hasPrefix("<signal") {
                current = name
                result[name] = ("", "")
            } else if line.hasPrefix("<arg"), let current, let type = Self.attribute("type", in: line) {
                if Self.attribute("direction", in: line) == "out" {
                    result[current]?.1 += type
                } else {
                    result[current]?.0 += type
                }
            }
        }
        return result
    }

    static func attribute(_ name: String, in line: String) -> String? {
        guard let start = line.range(of: "\(name)=\"") else { return nil }
        return String(line[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test func notifyArgumentsMatchTheFixture() throws {
        let members = try Self.members()
        #expect(members["Notify"]?.0 == NotifyRequest(summary: "s").arguments.map(\.signature.description).joined())
        #expect(members["Notify"]?.1 == "u")
        #expect(members["CloseNotification"]?.0 == "u")
        #expect(members["GetCapabilities"]?.1 == "as")
        #expect(members["GetServerInformation"]?.1 == "ssss")
    }

    @Test func everySignalMatchesTheFixture() throws {
        let members = try Self.members()
        let id = ServerNotificationID(rawValue: 1)
        for event in [
            ServerEvent.closed(id, .expired), .actionInvoked(id, actionKey: "k"),
            .activationToken(id, token: "t"), .replied(id, text: "r"),
        ] {
            let signal = event.signal
            #expect(members[signal.member?.rawValue ?? ""]?.0 == signal.bodySignature)
        }
        #expect(members.count == 8)
    }
}
