import Foundation
import Testing
import TestSupport

/// The built CLI and agent against real xfce4-notifyd on a private bus under Xvfb. Every click
/// is made by xdotool on the button of the real popup, found from its pixels
/// (`TestDesktop.clickButton`); xfce4-notifyd has no `default` action.
@Suite(.serialized, .timeLimit(.minutes(2))) struct XfceEndToEndTests {
    @Test func theClickedButtonIsPrinted() async throws {
        let desktop = try await TestDesktop(server: "xfce4-notifyd")
        let process = try UNotifyProcess.start(["send", "-A", "yes=Yes", "-A", "no=No", "Deploy?", "To production"],
                                               busAddress: desktop.busAddress)
        try await desktop.clickButton(index: 1, of: 2)
        #expect(try await process.wait(timeout: 10) == 0)
        #expect(process.standardOutput == "no\n")
    }

    @Test func aRequestPromptsAndAllowAuthorizes() async throws {
        let desktop = try await TestDesktop(server: "xfce4-notifyd")
        let state = try TemporaryDirectory("unotify-e2e-state")
        let environment = ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"]
        let request = try UNotifyProcess.start(["request", "--app", "org.example.Tea", "--timeout", "30"],
                                               busAddress: desktop.busAddress, extraEnvironment: environment)
        try await desktop.clickButton(index: 0, of: 2)   // Allow | Don’t Allow
        #expect(try await request.wait(timeout: 20) == 0)
        #expect(request.standardOutput == "authorized\n")
        let settings = try await UNotifyProcess.run(["settings", "org.example.Tea", "--json"],
                                                    busAddress: desktop.busAddress, extraEnvironment: environment)
        #expect(settings.stdout.contains(#""status":"authorized""#))
    }
}
