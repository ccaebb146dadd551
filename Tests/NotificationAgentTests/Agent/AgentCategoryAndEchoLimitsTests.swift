import Foundation
import Testing
import TestSupport
@testable import UserNotifications

/// Limits that the agent's dispatch applies: the categories' JSON as a whole, and short quotes
/// of an offending app identifier or reply token.
@Suite(.timeLimit(.minutes(1))) struct AgentCategoryAndEchoLimitsTests {
    @Test func tooManyCategoriesOrTooMuchJSONIsRefused() async throws {
        let rig = try await AgentTests.Rig()
        let many =
            "[" + (0...CategoryRecord.Limits.categories).map { #"{"identifier":"c\#($0)"}"# }.joined(separator: ",")
            + "]"
        let large = "[" + String(repeating: " ", count: CategoryRecord.Limits.jsonBytes) + "]"
        for json in [many, large] {
            await AgentInputLimitsTests.expectRefused("\(json.prefix(30))") {
                try await rig.client.setCategories(app: AgentInputLimitsTests.app, json: json)
            }
        }
        #expect(try await rig.client.categoriesJSON(app: AgentInputLimitsTests.app) == "[]")
    }

    @Test func aHugeAppIdentifierOrTokenIsQuotedShort() async throws {
        let rig = try await AgentTests.Rig()
        await AgentInputLimitsTests.expectRefused("a 10 MB app identifier") {
            _ = try await rig.client.settings(app: AgentInputLimitsTests.huge)
        }
        await AgentInputLimitsTests.expectRefused("a 10 MB reply token") {
            try await rig.client.reply(token: AgentInputLimitsTests.huge, text: "x")
        }
    }
}
