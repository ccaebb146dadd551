import Foundation
import Testing
import TestSupport
@testable import NotificationAgentClient

/// docs/RELIABILITY.md's trust model says what a same-user client can and cannot do through
/// each method of `org.unotify.Agent1`, in its prose (the table of size limits does not count):
/// a method added without a word there fails here.
@Suite struct TrustModelDocumentationTests {
    @Test func theTrustModelNamesEveryMethod() throws {
        let text = try String(
            contentsOf: PackageRoot.url.appendingPathComponent("docs/RELIABILITY.md"), encoding: .utf8)
        let start = try #require(text.range(of: "## Trust model"), "RELIABILITY has no trust model")
        let rest = text[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        // What each method lets a client do, not only its size limit (the table that follows).
        let model = section[..<(section.range(of: "\n| method |")?.lowerBound ?? section.endIndex)]
        let missing = AgentMethod.allCases.filter { !model.contains("`\($0.rawValue)`") }.map(\.rawValue)
        #expect(missing.isEmpty, "the trust model does not name \(missing)")
    }
}
