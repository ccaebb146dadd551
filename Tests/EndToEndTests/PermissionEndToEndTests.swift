import Foundation
import Testing
import TestSupport

/// The permission model through the built CLI and agent against real dunst: every click is
/// made by dunst itself (`dunstctl context`), after the requesting process has exited where
/// the flow allows it.
@Suite(.serialized, .timeLimit(.minutes(2))) struct PermissionEndToEndTests {
    /// A dunst desktop plus a private state directory for the agent that `unotify` starts.
    struct Session {
        let desktop: TestDesktop
        let state: TemporaryDirectory

        init() async throws {
            desktop = try await TestDesktop(server: "dunst")
            state = try TemporaryDirectory("unotify-e2e-state")
        }

        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await UNotifyProcess.run(arguments, busAddress: desktop.busAddress,
                                         extraEnvironment: ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"])
        }

        func start(_ arguments: [String]) throws -> ChildProcess {
            try UNotifyProcess.start(arguments, busAddress: desktop.busAddress,
                                     extraEnvironment: ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"])
        }

        func status(_ app: String) async throws -> String {
            let result = try await unotify(["settings", app, "--json"])
            return result.stdout
        }

        /// The labels dunst offered in its last context menu.
        func lastMenu() throws -> String {
            desktop.dunstMenus().last ?? ""
        }
    }

    @Test func aRequestPromptsAndAllowAuthorizes() async throws {
        let session = try await Session()
        let request = try session.start(["request", "--app", "org.example.Tea", "--timeout", "30"])
        try await session.desktop.dunstWaitDisplayed(1)
        try await session.desktop.dunstInvoke("allow")
        #expect(try await request.wait(timeout: 20) == 0)
        #expect(request.standardOutput == "authorized\n")
        #expect(try session.lastMenu().contains("Don’t Allow"))
        #expect(try await session.status("org.example.Tea").contains(#""status":"authorized","alert":"on","sound":"on","badge":"on""#))
        let sent = try await session.unotify(["send", "--app", "org.example.Tea", "-p", "Tea", "is ready"])
        #expect(sent.status == 0)
        #expect(Int(sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) != nil)
    }

    @Test func provisionalArrivesQuietWithKeepAndTurnOffAndKeepAuthorizesAfterTheCallerExited() async throws {
        let session = try await Session()
        let request = try await session.unotify(["request", "--app", "org.example.Mail", "--provisional"])
        #expect(request.status == 0)
        #expect(request.stdout == "provisional\n")
        let sent = try await session.unotify(["send", "--app", "org.example.Mail", "New mail", "From Ann"])
        #expect(sent.status == 0)   // both processes have exited: the agent gets the clicks
        try await session.desktop.dunstWaitDisplayed(1)
        try await session.desktop.dunstInvoke("unotify-keep")
        let menu = try session.lastMenu()
        #expect(menu.contains("Keep…") && menu.contains("Turn Off…"))
        try await session.desktop.dunstWaitDisplayed(2)
        try await session.desktop.dunstInvoke("prominent")
        try await Eventually.wait(timeout: .seconds(10), "authorized after Deliver Prominently") {
            try await session.status("org.example.Mail").contains(#""status":"authorized","alert":"on","sound":"on","badge":"on""#)
        }
    }

    @Test func provisionalTurnOffThenConfirmDenies() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["request", "--app", "org.example.News", "--provisional"]).status == 0)
        #expect(try await session.unotify(["send", "--app", "org.example.News", "Headline"]).status == 0)
        try await session.desktop.dunstWaitDisplayed(1)
        try await session.desktop.dunstInvoke("unotify-turn-off")
        try await session.desktop.dunstWaitDisplayed(2)
        try await session.desktop.dunstInvoke("turn-off-all")
        try await Eventually.wait(timeout: .seconds(10), "denied after Turn Off All Notifications") {
            try await session.status("org.example.News").contains(#""status":"denied""#)
        }
    }

    @Test func aDeniedAppsNotificationNeverReachesTheServer() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.example.Spam", "deny"]).status == 0)
        let sent = try await session.unotify(["send", "--app", "org.example.Spam", "Buy now"])
        #expect(sent.status == 1)
        #expect(sent.stderr.contains("not allowed"))
        let request = try await session.unotify(["request", "--app", "org.example.Spam"])
        #expect(request.status == 1)
        #expect(request.stdout == "denied\n")
        let (_, displayed) = try await session.desktop.run("dunstctl", ["count", "displayed"])
        let (_, history) = try await session.desktop.run("dunstctl", ["count", "history"])
        #expect(displayed.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(history.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}
