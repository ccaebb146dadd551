import Foundation
import Testing
@testable import UserNotifications
@testable import NotificationAgent

/// The agent bounds an APNs payload itself: its size (APNs' 4 096 bytes) and, within that, any
/// nesting is an error, never a crash.
@Suite struct PushPayloadBoundsTests {
    static func refusal(_ json: String) -> AgentError? {
        do {
            _ = try APNsPayload(json: Data(json.utf8))
            return nil
        } catch {
            return error as? AgentError
        }
    }

    @Test func aPayloadOverTheLimitIsRefusedBeforeParsing() throws {
        let body = String(repeating: "b", count: APNsPayload.maximumBytes)
        let error = try #require(Self.refusal(#"{"aps":{"alert":""# + body + #""}}"#))
        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("at most \(APNsPayload.maximumBytes) bytes"))
    }

    @Test func deepNestingWithinTheLimitIsAnError() throws {
        let depth = (APNsPayload.maximumBytes - 40) / 2
        let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let error = try #require(Self.refusal(#"{"aps":{"alert":"x"},"k":"# + deep + "}"))
        #expect(error.code == .invalidArgument)
    }

    @Test func aPayloadAtTheLimitIsRead() throws {
        let prefix = #"{"aps":{"alert":""#
        let suffix = #""}}"#
        let body = String(repeating: "b", count: APNsPayload.maximumBytes - prefix.utf8.count - suffix.utf8.count)
        #expect(try APNsPayload(json: Data((prefix + body + suffix).utf8)).body != nil)
    }
}
