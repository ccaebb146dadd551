import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// A plain `unotify send` for an installed app goes through the agent on GNOME Shell 46 and
/// later, which close an app's notifications when the connection that sent them leaves the bus
/// (`SendRelay`): the fake server reports itself as GNOME Shell, and the `Notify` must come from
/// the agent's connection, which stays, not from `unotify`'s.
@Suite(.timeLimit(.minutes(1))) struct SendRelayTests {
    struct Session {
        let bus: PrivateBus
        let fake: FakeNotificationServer
        let state: TemporaryDirectory
        let data: TemporaryDirectory

        init(gnomeVersion: String) async throws {
            bus = try PrivateBus()
            fake = try await FakeNotificationServer(
                address: bus.address, capabilities: ["actions", "body", "body-markup", "persistence", "sound"],
                information: ServerInformation(
                    name: "gnome-shell", vendor: "GNOME", version: gnomeVersion, specVersion: "1.2"))
            state = try TemporaryDirectory("unotify-state")
            data = try TemporaryDirectory("unotify-data")
            let applications = data.url.appendingPathComponent("applications")
            try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
            try "[Desktop Entry]\nType=Application\nName=Tea Timer\nExec=true\n".write(
                to: applications.appendingPathComponent("org.example.Tea.desktop"), atomically: true, encoding: .utf8)
        }

        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await UNotifyProcess.run(
                arguments, busAddress: bus.address,
                extraEnvironment: [
                    "XDG_STATE_HOME": state.path, "XDG_DATA_HOME": data.path, "XDG_DATA_DIRS": data.path + "/none",
                ])
        }

        /// The unique name of the agent's connection, or nil when no agent runs.
        func agentName() async throws -> String? {
            let watcher = try DBusConnection(address: bus.address)
            defer { Task { await watcher.close() } }
            return try await watcher.nameOwner(of: "org.unotify.Agent")
        }
    }

    @Test func anAppsNotificationOnGnomeFortyEightIsSentByTheAgent() async throws {
        let session = try await Session(gnomeVersion: "48.7")
        let sent = try await session.unotify([
            "send", "-p", "-a", "Tea Timer", "-h", "string:desktop-entry:org.example.Tea", "Plain", "from the CLI",
        ])
        #expect(sent.status == 0, "\(sent.stderr)")
        let call = try await session.fake.nextCall()
        #expect(call.request.summary == "Plain" && call.request.appName == "Tea Timer")
        #expect(call.request.hints.desktopEntry == "org.example.Tea")
        let agent = try #require(try await session.agentName())
        #expect(call.sender == agent)
        #expect(sent.stdout == "\(call.id.rawValue)\n")
        // The app name alone names the app too, as GNOME looks it up.
        #expect(try await session.unotify(["send", "-a", "org.example.Tea", "By name"]).status == 0)
        #expect(try await session.fake.nextCall().sender == agent)
    }

    @Test func elsewhereTheSendPostsItself() async throws {
        // GNOME 43 keeps an app's notifications after their sender leaves: no agent is needed.
        let old = try await Session(gnomeVersion: "43.9")
        #expect(
            try await old.unotify(["send", "-h", "string:desktop-entry:org.example.Tea", "Old GNOME"]).status == 0)
        #expect(try await old.fake.nextCall().request.summary == "Old GNOME")
        #expect(try await old.agentName() == nil)
        // On 48, a notification that names no installed app is posted by send itself.
        let new = try await Session(gnomeVersion: "48.7")
        #expect(try await new.unotify(["send", "-h", "string:desktop-entry:org.example.None", "No app"]).status == 0)
        #expect(try await new.unotify(["send", "-a", "Tea Timer", "Not a file name"]).status == 0)
        #expect(try await new.fake.nextCall().request.summary == "No app")
        #expect(try await new.fake.nextCall().request.summary == "Not a file name")
        #expect(try await new.agentName() == nil)
    }
}
