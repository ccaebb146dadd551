import Testing
@testable import UserNotifications

/// `SetCategories`' JSON is read within documented limits, and its errors quote little of it.
@Suite struct MappingCategoryListTests {
    static func refusal(_ json: String) -> AgentError? {
        do {
            _ = try CategoryRecord.list(json: json)
            return nil
        } catch {
            return error as? AgentError
        }
    }

    @Test func tooLargeTooManyOrTooDeepIsRefused() throws {
        let many =
            "[" + (0...CategoryRecord.Limits.categories).map { #"{"identifier":"c\#($0)"}"# }.joined(separator: ",")
            + "]"
        let large = #"[{"identifier":""# + String(repeating: "x", count: CategoryRecord.Limits.jsonBytes) + #""}]"#
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        for json in [many, large, deep] {
            let error = try #require(Self.refusal(json), "\(json.prefix(60)) was accepted")
            #expect(error.code == .invalidArgument)
            #expect(error.message.utf8.count < 500, "\(error.message.prefix(100))")
        }
    }

    @Test func theLimitsThemselvesAreAccepted() throws {
        let actions = (0..<CategoryRecord.Limits.actions).map {
            #"{"identifier":"a\#($0)","title":""# + String(repeating: "t", count: CategoryRecord.Limits.title) + #""}"#
        }
        let json = #"[{"identifier":"c","actions":["# + actions.joined(separator: ",") + "]}]"
        #expect(try CategoryRecord.list(json: json).first?.actions.count == CategoryRecord.Limits.actions)
    }
}
