import Foundation
import Testing
import TestSupport

/// `MatrixServer`'s selection, which decides what the end-to-end matrix runs: every real server
/// that test-desktop starts, those `UNOTIFY_MATRIX_SERVERS` names, and a failing case wherever a
/// selection would leave a test with nothing to run.
@Suite struct MatrixServerTests {
    /// The real notification servers `test-desktop up` starts (`test-desktop servers`), without
    /// its bus-only and mock set-ups.
    private func desktopUpServers() async throws -> Set<String> {
        let servers = try ChildProcess(TestDesktop.harness, ["servers"])
        #expect(try await servers.wait(timeout: 30) == 0)
        return Set(servers.standardOutput.split(separator: "\n").map(String.init)).subtracting(["dbusmock", "none"])
    }

    @Test func withoutTheVariableEveryServerOfDesktopUpIsACase() async throws {
        let names = MatrixServer.selection(nil).map(\.name)
        #expect(names.count == 27)
        #expect(Set(names) == (try await desktopUpServers()), "\(names)")
        #expect(MatrixServer.selection(nil).allSatisfy { $0.selectionError == nil })
        let matrix = try String(contentsOf: PackageRoot.url.appendingPathComponent("scripts/matrix"), encoding: .utf8)
        for name in names { #expect(matrix.contains(" \(name) "), "scripts/matrix knows \(name)") }
    }

    @Test func theVariableChoosesServersInItsOrder() {
        #expect(MatrixServer.selection("mate").map(\.name) == ["mate"])
        #expect(MatrixServer.selection(" plasma , dunst,").map(\.name) == ["plasma", "dunst"])
        #expect(MatrixServer.selection("plasma,dunst").allSatisfy { $0.selectionError == nil })
    }

    @Test func theMatrixReadsTheVariable() {
        let variable = ProcessInfo.processInfo.environment["UNOTIFY_MATRIX_SERVERS"]
        #expect(MatrixServer.all.map(\.name) == MatrixServer.selection(variable).map(\.name))
        #expect(MatrixServer.all.map(\.selectionError) == MatrixServer.selection(variable).map(\.selectionError))
    }

    @Test(arguments: ["", " , ", "dunts", "dunst,mako2"])
    func aSelectionOfNoServerIsAFailingCase(_ value: String) throws {
        let selection = MatrixServer.selection(value)
        let failing = try #require(selection.first { $0.selectionError != nil })
        #expect(failing.selectionError?.contains("UNOTIFY_MATRIX_SERVERS") == true)
        #expect(
            selection.filter { $0.selectionError == nil }.map(\.name) == (value.contains("dunst,") ? ["dunst"] : []))
    }

    /// notify-osd can neither show buttons nor be closed by the user: alone, it leaves the tests
    /// that need either one failing case that says why, instead of none.
    @Test func aSelectionThatLeavesATestNothingToRunIsAFailingCase() throws {
        let osd = MatrixServer.selection("notify-osd")
        let buttons = MatrixServer.withButtons(in: osd)
        let failing = try #require(buttons.first)
        #expect(buttons.count == 1)
        #expect(failing.selectionError?.contains("no server where the user can choose a popup's action") == true)
        #expect(failing.selectionError?.contains("dunst") == true, "names the servers that can")
        #expect(MatrixServer.withDismissal(in: MatrixServer.selection("notify-osd,mate")).map(\.name) == ["mate"])
        // A typo stays a failing case, not a reason to drop the test.
        #expect(MatrixServer.withDismissal(in: MatrixServer.selection("dunts")).map(\.name) == ["dunts"])
    }

    /// The servers that can are each a case, in order: notify-osd and Enlightenment 0.25 show no
    /// buttons (0.27 does); notify-osd cannot be closed by the user (Phosh's banner is swiped away).
    @Test func theAbleServersAreTheCases() {
        let everyone = MatrixServer.selection(nil)
        let buttons = MatrixServer.withButtons(in: everyone).map(\.name)
        #expect(buttons == everyone.map(\.name).filter { $0 != "notify-osd" && $0 != "enlightenment" })
        let closing = MatrixServer.withDismissal(in: everyone).map(\.name)
        #expect(closing == everyone.map(\.name).filter { $0 != "notify-osd" })
    }
}
