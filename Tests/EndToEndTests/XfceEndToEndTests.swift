import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The built CLI and agent against real xfce4-notifyd on a private bus under Xvfb. Every click
    /// is made by xdotool on the button of the real popup, found from its pixels
    /// (`TestDesktop.clickButton`); xfce4-notifyd has no `default` action.
    @Suite(.serialized, .timeLimit(.minutes(2))) struct XfceEndToEndTests {
        @Test func theClickedButtonIsPrinted() async throws {
            let desktop = try await TestDesktop(server: "xfce4-notifyd")
            let process = try UNotifyProcess.start(
                ["send", "-A", "yes=Yes", "-A", "no=No", "Deploy?", "To production"],
                busAddress: desktop.busAddress)
            try await desktop.clickButton(index: 1, of: 2)
            #expect(try await process.wait(timeout: 10) == 0)
            #expect(process.standardOutput == "no\n")
        }
    }
}
