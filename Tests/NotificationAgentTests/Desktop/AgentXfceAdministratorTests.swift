import DBus
import Foundation
import NotificationAgentClient
import Testing
import TestSupport

@testable import NotificationAgent

/// An administrator's xfconf channel (`xfce4/xfconf/xfce-perchannel-xml/xfce4-notifyd.xml` in
/// `XDG_CONFIG_DIRS`) under the user's, with the real xfconfd on a private bus: a muted list the
/// administrator gave is overridden by the user's own list (also when it ends empty, and for the
/// next xfconfd), and a list the administrator locked refuses the change, naming the lock.
@Suite(.serialized, .timeLimit(.minutes(1))) struct AgentXfceAdministratorTests {
    static let app = "org.example.Mail"

    /// xfconfd with a system channel file on a bus of its own; the agent's rig on another.
    struct Rig {
        let xfceBus: PrivateBus
        let config: TemporaryDirectory
        let system: TemporaryDirectory
        let environment: [String: String]
        var xfconfd: ChildProcess
        let agent: AgentTests.Rig

        /// `attributes`: added to the list's `<property>` element (`locked="USER"`).
        init(systemMuted: [String], attributes: String = "") async throws {
            xfceBus = try PrivateBus()
            config = try TemporaryDirectory("unotify-xfconf")
            system = try TemporaryDirectory("unotify-xfconf-system")
            let channels = system.url.appendingPathComponent("xfce4/xfconf/xfce-perchannel-xml")
            try FileManager.default.createDirectory(at: channels, withIntermediateDirectories: true)
            let values = systemMuted.map { "      <value type=\"string\" value=\"\($0)\"/>\n" }.joined()
            try Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <channel name="xfce4-notifyd" version="1.0">
                  <property name="applications" type="empty">
                    <property name="muted_applications" type="array"\(attributes)>
                \(values)    </property>
                  </property>
                </channel>

                """.utf8
            ).write(to: channels.appendingPathComponent("xfce4-notifyd.xml"))
            var environment = xfceBus.environment
            environment["XDG_CONFIG_HOME"] = config.path
            environment["XDG_CONFIG_DIRS"] = system.path
            self.environment = environment
            xfconfd = try await Self.startXfconfd(environment, bus: xfceBus)
            let store = try await XfceNotificationSettings(
                connection: try DBusConnection(address: xfceBus.address), appName: { $0 })
            agent = try await AgentTests.Rig(desktopSettings: store)
        }

        static func startXfconfd(_ environment: [String: String], bus: PrivateBus) async throws -> ChildProcess {
            let xfconfd = try ChildProcess(AgentXfceSettingsTests.xfconfd, [], environment: environment)
            let watcher = try DBusConnection(address: bus.address)
            try await Eventually.wait(timeout: .seconds(10), "xfconfd owns org.xfce.Xfconf") {
                try await watcher.nameOwner(of: "org.xfce.Xfconf") != nil
            }
            return xfconfd
        }

        /// The list as the real `xfconf-query` reads it (the user's over the system's).
        func mutedList() async throws -> String {
            let tool = try ChildProcess(
                "/usr/bin/xfconf-query", ["-c", "xfce4-notifyd", "-p", "/applications/muted_applications"],
                environment: environment)
            let status = try await tool.wait(timeout: 10)
            guard status == 0 else { throw TestSupportError("xfconf-query exited \(status): \(tool.standardError)") }
            return tool.standardOutput
        }

        func allow() async throws -> AppSettings {
            try await agent.client.setSettings(
                app: AgentXfceAdministratorTests.app, changes: AppSettings.authorized(requesting: [.alert]).wire)
        }
    }

    @Test func theUsersAlertOnSticksOverTheAdministratorsMutedList() async throws {
        var rig = try await Rig(systemMuted: [Self.app])
        defer { rig.xfconfd.stop() }
        #expect(try await rig.allow().alert == .enabled)
        #expect(!(try await rig.mutedList()).contains(Self.app))
        // The user's (empty) list is kept by xfconfd, and read again by the next one.
        rig.xfconfd.stop()
        let watcher = try DBusConnection(address: rig.xfceBus.address)
        try await Eventually.wait(timeout: .seconds(10), "xfconfd left the bus") {
            try await watcher.nameOwner(of: "org.xfce.Xfconf") == nil
        }
        rig.xfconfd = try await Rig.startXfconfd(rig.environment, bus: rig.xfceBus)
        #expect(!(try await rig.mutedList()).contains(Self.app))
    }

    /// The user's list removed (`xfconf-query -r`, as Xfce's settings editor resets it): the
    /// administrator's list counts again, in xfce4-notifyd and for the agent.
    @Test func theUsersListRemovedLetsTheAdministratorsCountAgain() async throws {
        let rig = try await Rig(systemMuted: [Self.app])
        defer { rig.xfconfd.stop() }
        #expect(try await rig.allow().alert == .enabled)
        let tool = try ChildProcess(
            "/usr/bin/xfconf-query", ["-c", "xfce4-notifyd", "-p", "/applications/muted_applications", "-r"],
            environment: rig.environment)
        #expect(try await tool.wait(timeout: 10) == 0, "\(tool.standardError)")
        #expect(try await rig.mutedList().contains(Self.app))
        try await Eventually.wait(timeout: .seconds(10), "the agent reads the administrator's list again") {
            try await rig.agent.client.settings(app: Self.app).alert == .disabled
        }
    }

    @Test func aLockedMutedListRefusesAlertOnNamingTheLock() async throws {
        let rig = try await Rig(systemMuted: [Self.app], attributes: " locked=\"\(NSUserName())\"")
        defer { rig.xfconfd.stop() }
        do {
            _ = try await rig.allow()
            Issue.record("an allow over a locked muted list succeeded")
        } catch {
            let text = "\(error)"
            #expect(text.contains("locked by the administrator"), "\(text)")
            #expect(text.contains("xfce-perchannel-xml/xfce4-notifyd.xml"), "\(text)")
            #expect(text.contains("ask the administrator"), "\(text)")
        }
        #expect(try await rig.agent.client.settings(app: Self.app).authorization == .notDetermined)
        #expect(try await rig.mutedList().contains(Self.app))
    }
}
