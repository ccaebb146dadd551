import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// A Flatpak app whose manifest lets it talk to the agent (`--talk-name=org.unotify.Agent`) is
/// that app and no other: the agent reads its id as the portal does, behind the real
/// xdg-dbus-proxy in its own bwrap sandbox, and refuses it any other app and the settings.
@Suite(.timeLimit(.minutes(1))) struct SandboxedCallerTests {
    static let app = "org.example.Sandboxed"

    /// The agent, the two apps allowed from outside, and the sandboxed app's proxy.
    static func sandbox() async throws -> (rig: AgentProcessRig, agent: ChildProcess, proxy: FlatpakBusProxy) {
        let rig = try await AgentProcessRig()
        let agent = try await rig.startAgent()
        for app in [app, "org.example.Other"] {
            #expect(try await rig.unotify(["settings", app, "allow"]).status == 0)
        }
        let proxy = try await FlatpakBusProxy(app: app, busAddress: rig.bus.address, talk: ["org.unotify.Agent"])
        return (rig, agent, proxy)
    }

    /// Runs `unotify ARGUMENTS` inside the app's sandbox, to its end.
    static func unotifyInside(_ arguments: [String], _ proxy: FlatpakBusProxy, _ rig: AgentProcessRig) async throws
        -> ChildProcess
    {
        var environment = ProcessInfo.processInfo.environment.merging(rig.environment) { $1 }
        environment["UNOTIFY_DESKTOP_SETTINGS"] = "none"
        let process = try proxy.start(UNotifyProcess.path, arguments, environment: environment)
        _ = try await process.wait(timeout: 20)
        return process
    }

    @Test func theSandboxedAppPostsAsItself() async throws {
        let (rig, agent, proxy) = try await Self.sandbox()
        defer { agent.stop() }
        let sent = try await Self.unotifyInside(["send", "--app", Self.app, "Inside"], proxy, rig)
        #expect(try await sent.wait(timeout: 1) == 0, "\(sent.standardError)")
        let call = try await rig.server.nextCall()
        #expect(call.request.summary == "Inside")
        #expect(call.request.appName == "Sandboxed", "\(call.request)")
    }

    @Test func itMayNotPostAsAnotherApp() async throws {
        let (rig, agent, proxy) = try await Self.sandbox()
        defer { agent.stop() }
        let refused = try await Self.unotifyInside(["send", "--app", "org.example.Other", "Pretending"], proxy, rig)
        #expect(try await refused.wait(timeout: 1) != 0)
        #expect(refused.standardError.contains("may act only for itself"), "\(refused.standardError)")
        // Outside the sandbox the same call is the user's and goes through; the marker proves
        // the refused one showed nothing.
        #expect(try await rig.unotify(["send", "--app", "org.example.Other", "Outside"]).status == 0)
        #expect(try await rig.server.calls(before: "Outside").isEmpty)
    }

    /// Neither the agent's name nor a notification portal (this bus has none): the app says what
    /// to install or grant. (With a portal: PortalEndToEndTests.)
    @Test func anAppInASandboxWithNeitherTheAgentNorAPortalIsToldWhatToDo() async throws {
        let rig = try await AgentProcessRig()
        let proxy = try await FlatpakBusProxy(app: Self.app, busAddress: rig.bus.address)
        var environment = ProcessInfo.processInfo.environment.merging(rig.environment) { $1 }
        environment["UNOTIFY_APP_ID"] = Self.app
        environment["UNOTIFY_AGENT"] = nil
        environment["PATH"] = "/usr/bin:/bin"
        let alone = try LoneExecutable(product: "tea-alone")
        let app = try proxy.start(alone.path, [], environment: environment)
        defer { withExtendedLifetime(alone) { app.stop(grace: 1) } }
        #expect(try await app.wait(timeout: 30) != 0, "\(app.standardOutput)")
        #expect(app.standardError.contains("no notification portal"), "\(app.standardError)")
        #expect(app.standardError.contains("--talk-name=org.unotify.Agent"), "\(app.standardError)")
    }

    @Test func itMayNotChangeSettingsOrListApps() async throws {
        let (rig, agent, proxy) = try await Self.sandbox()
        defer { agent.stop() }
        for arguments in [["settings", Self.app, "deny"], ["settings", Self.app, "reset"], ["settings"]] {
            let refused = try await Self.unotifyInside(arguments, proxy, rig)
            #expect(try await refused.wait(timeout: 1) != 0, "\(arguments)")
            #expect(refused.standardError.contains("runs in a sandbox"), "\(arguments): \(refused.standardError)")
        }
        let settings = try await rig.unotify(["settings", Self.app])
        #expect(settings.stdout.contains("status: authorized"), "\(settings)")
    }
}
