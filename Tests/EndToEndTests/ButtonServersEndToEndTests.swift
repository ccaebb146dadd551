import Foundation
import Testing
import TestSupport

/// `unotify send -A` on the servers that draw real buttons besides xfce4-notifyd: the button is
/// clicked on the real popup with xdotool, and the CLI prints the chosen action.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ButtonServersEndToEndTests {
    @Test(arguments: ["notification-daemon", "mate", "lxqt"])
    func theClickedButtonIsPrinted(_ server: String) async throws {
        let desktop = try await TestDesktop(server: server)
        let process = try UNotifyProcess.start(["send", "-p", "-A", "yes=Yes", "-A", "no=No", "Proceed?"],
                                               busAddress: desktop.busAddress)
        let id = try await process.waitForLine(timeout: 10) { Int($0) != nil }
        try await desktop.clickButton(index: 1, of: 2)
        #expect(try await process.wait(timeout: 20) == 0)
        #expect(process.standardOutput == "\(id)\nno\n")
    }

    @Test(arguments: ["xfce4-notifyd", "notification-daemon", "mate", "lxqt"])
    func thePermissionPromptIsAnsweredByAClick(_ server: String) async throws {
        let desktop = try await TestDesktop(server: server)
        let state = try TemporaryDirectory("unotify-e2e-state")
        let environment = ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"]
        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await UNotifyProcess.run(arguments, busAddress: desktop.busAddress, extraEnvironment: environment)
        }
        // The prompt: Allow is button 0 of 2.
        let request = try UNotifyProcess.start(["request", "--app", "org.example.Tea", "--timeout", "30"],
                                               busAddress: desktop.busAddress, extraEnvironment: environment)
        try await desktop.clickButton(index: 0, of: 2)
        #expect(try await request.wait(timeout: 20) == 0)
        #expect(request.standardOutput == "authorized\n")
    }

    /// Not on notification-daemon: it shows one popup at a time and keeps a closed one on screen
    /// (testbed), so the follow-up never appears while the provisional notification is shown.
    /// Not yet on lxqt-notificationd: the follow-up's click did not register here (lxqt hides a
    /// popup on pointer motion after one vanished under the pointer; testbed) — open in issue 6.
    @Test(arguments: ["xfce4-notifyd", "mate"])
    func provisionalKeepThenDeliverProminentlyByClicks(_ server: String) async throws {
        let desktop = try await TestDesktop(server: server)
        let state = try TemporaryDirectory("unotify-e2e-state")
        let environment = ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"]
        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await UNotifyProcess.run(arguments, busAddress: desktop.busAddress, extraEnvironment: environment)
        }
        // Keep… (button 0 of 2), then Deliver Prominently (button 0 of 2), after both commands
        // have exited.
        #expect(try await unotify(["request", "--app", "org.example.Mail", "--provisional"]).stdout == "provisional\n")
        #expect(try await unotify(["send", "--app", "org.example.Mail", "New mail"]).status == 0)
        try await desktop.waitForNewPopup(after: nil)
        let provisionalPopup = try await desktop.newestPopup()
        try await desktop.clickButton(index: 0, of: 2)                    // Keep…
        try await desktop.waitForNewPopup(after: provisionalPopup)         // the follow-up
        try await desktop.clickButton(index: 0, of: 2)                    // Deliver Prominently
        let bus = desktop.busAddress
        try await Eventually.wait(timeout: .seconds(10), "authorized after Deliver Prominently") {
            try await UNotifyProcess.run(["settings", "org.example.Mail", "--json"], busAddress: bus,
                                         extraEnvironment: environment).stdout.contains(#""status":"authorized""#)
        }
    }
}
