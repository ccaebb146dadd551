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
        try await desktop.waitForNoPopup()   // the answered prompt leaves the screen
    }

    /// Keep… (button 0 of 2), then Deliver Prominently (button 0 of 2), after both commands have
    /// exited; then the answered follow-up leaves the screen. On notification-daemon, which shows
    /// one popup at a time and leaves a closed popup on screen, the agent replaces the answered
    /// follow-up with one that expires at once (`ServerProfile.removesClosedPopups`); on
    /// lxqt-notificationd, which keeps a notification after its action, the agent closes the quiet
    /// notification itself.
    @Test(arguments: ["xfce4-notifyd", "notification-daemon", "mate", "lxqt"])
    func provisionalKeepThenDeliverProminentlyByClicks(_ server: String) async throws {
        _ = try await answerProvisionally(on: server, app: "org.example.Mail", choice: 0, then: 0, reaching: "authorized")
    }

    /// Turn Off… (button 1 of 2), then Turn Off All Notifications (button 0 of 2): denied, the
    /// answered confirmation leaves the screen, and the app's next notification is refused.
    @Test(arguments: ["xfce4-notifyd", "notification-daemon", "mate", "lxqt"])
    func provisionalTurnOffThenConfirmByClicksDenies(_ server: String) async throws {
        let (desktop, state) = try await answerProvisionally(on: server, app: "org.example.News", choice: 1, then: 0,
                                                             reaching: "denied")
        let sent = try await UNotifyProcess.run(["send", "--app", "org.example.News", "Headline"],
                                                busAddress: desktop.busAddress,
                                                extraEnvironment: ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"])
        #expect(sent.status == 1)
    }

    /// On a new desktop running `server`, authorizes `app` provisionally and sends it one
    /// notification (both commands exit); the user clicks button `choice` of its two (Keep… or
    /// Turn Off…), then button `answer` of the two on the popup that follows. Waits (bounded)
    /// until the app's status is `status` and no popup is left on screen; returns the desktop and
    /// the agent's state directory, for more.
    private func answerProvisionally(on server: String, app: String, choice: Int, then answer: Int,
                                     reaching status: String) async throws
        -> (desktop: TestDesktop, state: TemporaryDirectory)
    {
        let desktop = try await TestDesktop(server: server)
        let state = try TemporaryDirectory("unotify-e2e-state")
        let environment = ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"]
        let request = try await UNotifyProcess.run(["request", "--app", app, "--provisional"],
                                                   busAddress: desktop.busAddress, extraEnvironment: environment)
        #expect(request.stdout == "provisional\n")
        let sent = try await UNotifyProcess.run(["send", "--app", app, "New mail"],
                                                busAddress: desktop.busAddress, extraEnvironment: environment)
        #expect(sent.status == 0, "\(sent.stderr)")
        try await desktop.waitForNewPopup(after: nil)
        let provisionalPopup = try await desktop.newestPopup()
        try await desktop.clickButton(index: choice, of: 2)
        try await desktop.waitForNewPopup(after: provisionalPopup)         // the follow-up or confirmation
        try await desktop.clickButton(index: answer, of: 2)
        try await waitForStatus(status, of: app, on: desktop, environment: environment)
        try await desktop.waitForNoPopup()
        return (desktop, state)
    }

    /// Waits (bounded) until `unotify settings APP --json` shows `status`.
    private func waitForStatus(_ status: String, of app: String, on desktop: TestDesktop,
                               environment: [String: String]) async throws {
        let bus = desktop.busAddress
        try await Eventually.wait(timeout: .seconds(10), "\(app) is \(status)") {
            try await UNotifyProcess.run(["settings", app, "--json"], busAddress: bus,
                                         extraEnvironment: environment).stdout.contains(#""status":"\#(status)""#)
        }
    }
}
