import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// The app as the desktop knows it, on the real agent: its desktop entry's `Name` in the user's
/// language and its `Icon` on the permission prompt and on each notification, with the
/// `desktop-entry` hint.
@Suite(.timeLimit(.minutes(1))) struct DesktopEntryProcessTests {
    @Test func thePromptAndTheNotificationsCarryTheEntrysLocalizedNameAndIcon() async throws {
        let bus = try PrivateBus()
        let server = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-state")
        let data = try TemporaryDirectory("unotify-data")
        let applications = data.url.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try Data(
            """
            [Desktop Entry]
            Type=Application
            Name=Tea Timer
            Name[zh_CN]=泡茶计时器
            Icon=accessories-clock
            Exec=true

            """.utf8
        ).write(to: applications.appendingPathComponent("org.example.Tea.desktop"))
        let watcher = try DBusConnection(address: bus.address)
        let environment = [
            "XDG_DATA_HOME": data.path, "XDG_DATA_DIRS": "/nonexistent", "LANGUAGE": "zh_CN", "LANG": "zh_CN.UTF-8",
        ]
        let agent = try await UNotifyDaemonProcess.startOwningName(
            on: bus, stateDirectory: state.path, watcher: watcher, extraEnvironment: environment)
        defer { agent.send(SIGTERM) }
        let cli = ["XDG_STATE_HOME": state.path]
        let request = try UNotifyProcess.start(
            ["request", "--app", "org.example.Tea", "--timeout", "20"], busAddress: bus.address, extraEnvironment: cli)
        let prompt = try await server.nextCall()
        #expect(prompt.request.appName == "泡茶计时器")
        #expect(prompt.request.appIcon == "accessories-clock")
        #expect(prompt.request.hints.desktopEntry == "org.example.Tea")
        try await server.emit(.actionInvoked(prompt.id, actionKey: "allow"))
        #expect(try await request.wait(timeout: 20) == 0, "\(request.standardError)")

        let sent = try await UNotifyProcess.run(
            ["send", "--app", "org.example.Tea", "Tea", "is ready"], busAddress: bus.address, extraEnvironment: cli)
        #expect(sent.status == 0, "\(sent.stderr)")
        let notification = try await server.nextCall()
        #expect(notification.request.appName == "泡茶计时器")
        #expect(notification.request.appIcon == "accessories-clock")
        #expect(notification.request.hints.desktopEntry == "org.example.Tea")
    }
}
