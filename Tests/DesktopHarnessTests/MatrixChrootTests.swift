import Foundation
import Testing

@testable import DesktopHarness

/// `scripts/matrix SERVER…` has scripts/test build only the chroots its servers run in: its
/// lists of servers by suite agree with ``ChrootNamespace/suite(of:)`` for every server.
@Suite struct MatrixChrootTests {
    @Test func theMatrixScriptNamesTheChrootOfEveryServer() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let script = try String(contentsOf: root.appendingPathComponent("scripts/matrix"), encoding: .utf8)
        var listed: [String: String] = [:]
        for suite in ["trixie", "sid"] {
            let line = try #require(
                script.split(separator: "\n").first { $0.hasPrefix("\(suite)=\"") }, "scripts/matrix lists no \(suite)")
            for server in line.dropFirst(suite.count + 2).dropLast().split(separator: " ") {
                listed[String(server)] = suite
            }
        }
        for server in DesktopCatalogue.names {
            #expect(listed[server] == ChrootNamespace.suite(of: server), "\(server)")
        }
    }
}
