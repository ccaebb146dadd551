import DBus
import Foundation
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications

/// Hostile input sent straight to the agent's methods: a call over its method's size limit is
/// refused before it is read, and an error quotes at most `AgentError.quotedPrefix` characters
/// of the input, with invisible and text-reordering characters written as `\u{…}`.
@Suite(.timeLimit(.minutes(1))) struct AgentQuotedInputTests {
    /// The longest error message docs/CLI.md promises, in characters.
    static let longestMessage = 300
    /// A key of ten million characters that starts by reversing the text after it.
    static let hugeKey = "\u{202E}" + String(repeating: "x", count: 10_000_000)

    @Test func aTenMegabyteSettingKeyGetsAShortErrorWithoutTheRawOverride() async throws {
        let rig = try await AgentTests.Rig()
        let error = await #expect(throws: AgentError.self) {
            _ = try await rig.client.setSettings(
                app: "org.example.Tea", changes: [Self.hugeKey: DBusVariant(.int32(2))])
        }
        let message = error?.message ?? ""
        #expect(error?.code == .invalidArgument)
        #expect(message.unicodeScalars.count <= Self.longestMessage, "\(message.unicodeScalars.count) characters")
        #expect(!message.unicodeScalars.contains("\u{202E}"))
        #expect(message.contains("at most"), "\(message.prefix(200))")
    }

    @Test func anUnknownSettingKeyIsQuotedEscapedAndCut() async throws {
        let rig = try await AgentTests.Rig()
        let key = "\u{202E}" + String(repeating: "y", count: 100)
        let error = await #expect(throws: AgentError.self) {
            _ = try await rig.client.setSettings(app: "org.example.Tea", changes: [key: DBusVariant(.int32(2))])
        }
        let message = error?.message ?? ""
        #expect(message.contains("'\\u{202E}" + String(repeating: "y", count: AgentError.quotedPrefix - 1) + "…"))
        #expect(!message.unicodeScalars.contains("\u{202E}"))
    }

    /// Each method with a string argument, sent ten megabytes: refused at the door with the limit named.
    @Test(arguments: ["SetSettings", "Reply", "SetCategories", "Push", "GetSettings", "RemovePending"])
    func aTenMegabyteCallIsRefusedAtTheDoor(method: String) async throws {
        let rig = try await AgentTests.Rig()
        let huge = String(repeating: "z", count: 10_000_000)
        let error = await #expect(throws: AgentError.self) {
            switch method {
            case "SetSettings": _ = try await rig.client.setSettings(app: huge, changes: [:])
            case "Reply": try await rig.client.reply(token: "0000-0000-0000-0000", text: huge)
            case "SetCategories": try await rig.client.setCategories(app: "org.example.Tea", json: huge)
            case "Push": _ = try await rig.client.push(app: "org.example.Tea", payloadJSON: huge)
            case "GetSettings": _ = try await rig.client.settings(app: huge)
            default: _ = try await rig.client.removePending(app: "org.example.Tea", identifiers: [huge])
            }
        }
        let message = error?.message ?? ""
        #expect(error?.code == .invalidArgument, "\(message.prefix(200))")
        #expect(message.contains("\(method) takes at most"), "\(message.prefix(200))")
        #expect(message.unicodeScalars.count <= Self.longestMessage)
    }
}
