import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// Every string the agent accepts has a documented limit; a request over it is refused with
/// `invalidArgument`, and the error quotes at most a short prefix of the offending input.
@Suite(.timeLimit(.minutes(3))) struct AgentInputLimitsTests {
    static let huge = String(repeating: "x", count: 10_000_000)
    static let app = "org.example.Tea"

    static func expectRefused(_ what: String, _ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("\(what) was accepted")
        } catch let error as AgentError {
            #expect(error.code == .invalidArgument, "\(what): \(error.message.prefix(200))")
            #expect(error.message.utf8.count < 400, "\(what): the error is \(error.message.utf8.count) bytes")
        } catch {
            Issue.record("\(what): \(String(describing: error).prefix(200))")
        }
    }

    @Test func oversizedRequestFieldsAreRefused() async throws {
        let rig = try await AgentTests.Rig()
        try await AgentScheduleTests.authorize(rig)
        var requests: [(String, DeliveryRequest)] = [
            ("title", DeliveryRequest(identifier: "t", title: Self.huge)),
            ("subtitle", DeliveryRequest(identifier: "t", subtitle: Self.huge)),
            ("body", DeliveryRequest(identifier: "t", body: Self.huge)),
            ("identifier", DeliveryRequest(identifier: Self.huge, title: "t")),
            ("category", DeliveryRequest(identifier: "t", title: "t", categoryIdentifier: Self.huge)),
            ("thread", DeliveryRequest(identifier: "t", title: "t", threadIdentifier: Self.huge)),
            ("sound", DeliveryRequest(identifier: "t", title: "t", sound: .named(Self.huge))),
            ("image path", DeliveryRequest(identifier: "t", title: "t", imagePath: "/" + Self.huge)),
        ]
        var userInfo = DeliveryRequest(identifier: "t", title: "t")
        userInfo.userInfoJSON = "{\"k\":\"" + Self.huge + "\"}"
        requests.append(("userInfo", userInfo))
        for (what, request) in requests {
            await Self.expectRefused(what) { _ = try await rig.client.add(app: Self.app, request: request) }
        }
        // The limits themselves are accepted.
        let fits = DeliveryRequest(
            identifier: "t", title: String(repeating: "t", count: DeliveryRequest.Limits.title),
            body: String(repeating: "b", count: DeliveryRequest.Limits.body))
        _ = try await rig.client.add(app: Self.app, request: fits)
        #expect(try await rig.fake.nextCall().request.summary.utf8.count == DeliveryRequest.Limits.title)
    }

    @Test func oversizedCategoriesAreRefused() async throws {
        let rig = try await AgentTests.Rig()
        let bigTitle = #"[{"identifier":"c","actions":[{"identifier":"a","title":""# + Self.huge + #""}]}]"#
        await Self.expectRefused("a 10 MB action title") {
            try await rig.client.setCategories(app: Self.app, json: bigTitle)
        }
        let manyActions =
            #"[{"identifier":"c","actions":["#
            + (0..<100).map { #"{"identifier":"a\#($0)","title":"A"}"# }.joined(separator: ",") + "]}]"
        await Self.expectRefused("100 actions") { try await rig.client.setCategories(app: Self.app, json: manyActions) }
        let badOption = #"[{"identifier":"c","options":[""# + Self.huge + #""]}]"#
        await Self.expectRefused("a 10 MB option word") {
            try await rig.client.setCategories(app: Self.app, json: badOption)
        }
        #expect(try await rig.client.categoriesJSON(app: Self.app) == "[]")
    }

    @Test func theAgentAppliesTheAPNsPayloadLimit() async throws {
        let rig = try await AgentTests.Rig()
        try await AgentScheduleTests.authorize(rig)
        let body = String(repeating: "b", count: APNsPayload.maximumBytes)
        await Self.expectRefused("a payload over 4 096 bytes") {
            _ = try await rig.client.push(app: Self.app, payloadJSON: #"{"aps":{"alert":{"body":""# + body + #""}}}"#)
        }
    }
}
