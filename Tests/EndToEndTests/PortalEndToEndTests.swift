import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// An app in a Flatpak sandbox that hides the agent and the notification server (flatpak's
/// default bus filter, the real xdg-dbus-proxy in its own bwrap) shows through the real
/// notification portal: xdg-desktop-portal with its GTK backend, on dunst. The permission
/// prompt is a portal notification whose *Allow* is chosen in dunst's own menu; the app's
/// notification comes with its category's button, and the click reaches its delegate.
@Suite(.timeLimit(.minutes(3))) struct PortalEndToEndTests {
    static let app = "org.example.Sandboxed"

    @Test func aSandboxedAppAsksShowsAndHearsItsAnswerThroughThePortal() async throws {
        let desktop = try await TestDesktop(server: "dunst", environment: ["DESKTOP_PORTAL": "gtk"])
        defer { desktop.stop() }
        let monitor = try await BusMonitor(address: desktop.busAddress)
        let proxy = try await FlatpakBusProxy(app: Self.app, busAddress: desktop.busAddress)
        let tea = try SandboxedTea(in: proxy, on: desktop)
        defer { tea.stop() }
        let app = tea.process
        do {
            try await desktop.dunstWaitDisplayed(1, timeout: TestPatience.event)
        } catch {
            throw TestSupportError("no prompt (\(error)); the app said: \(app.standardOutput) \(app.standardError)")
        }
        try await desktop.dunstInvoke("Allow")
        _ = try await app.waitForLine(timeout: 30) { $0 == "authorized" }
        _ = try await app.waitForLine(timeout: 30) { $0 == "shown" }
        try await desktop.dunstInvoke("Drink")
        _ = try await app.waitForLine(timeout: 30) { $0 == "response: drink" }
        #expect(try await app.wait(timeout: 30) == 0, "\(app.standardError)")
        // The menus dunst offered: the prompt's buttons, then the notification's.
        let menus = desktop.dunstMenus().joined(separator: "\n")
        #expect(menus.contains("#Allow (Sandboxed)"), "\(menus)")
        #expect(menus.contains("#Drink (Tea)"), "\(menus)")
        // What reached dunst came from the portal's backend, with the app's desktop entry.
        let shown = monitor.notifyCalls.filter { $0.summary == "Tea" }
        #expect(shown.count == 1, "\(monitor.notifyCalls.map(\.summary))")
        #expect(shown.first?.hintKeys.contains("desktop-entry") == true, "\(String(describing: shown.first))")
        // The portal named the app by its sandbox: its permission store now holds that id.
        let permissions = try await desktop.output(
            "gdbus",
            [
                "call", "--session", "--dest", "org.freedesktop.impl.portal.PermissionStore", "--object-path",
                "/org/freedesktop/impl/portal/PermissionStore", "--method",
                "org.freedesktop.impl.portal.PermissionStore.Lookup", "notifications", "notification",
            ])
        #expect(permissions.contains("'\(Self.app)': ['yes']"), "\(permissions)")
        // This sandbox has no /app/share/applications/APP.desktop: GNOME would drop the app's
        // notifications, so the app is told (dunst shows them anyway).
        #expect(
            app.standardError.contains("has no /app/share/applications/\(Self.app).desktop"), "\(app.standardError)")
    }

    /// A message with a reply action and the default sound on a version 1 portal (Debian 12's
    /// 1.16, which refuses a notification with any option or button key it does not know):
    /// nothing of version 2 is sent, so it shows, its Reply as a plain button; chosen in dunst's
    /// menu, the delegate hears it with empty text (no reply field, and no `unotify reply` in the
    /// sandbox).
    @Test func aMessageWithAReplyActionShowsOnAVersionOnePortal() async throws {
        let desktop = try await TestDesktop(server: "dunst", environment: ["DESKTOP_PORTAL": "gtk"])
        defer { desktop.stop() }
        let monitor = try await BusMonitor(address: desktop.busAddress)
        let proxy = try await FlatpakBusProxy(app: Self.app, busAddress: desktop.busAddress)
        let chat = try SandboxedTea(in: proxy, on: desktop, ["message"])
        defer { chat.stop() }
        let app = chat.process
        try await desktop.dunstWaitDisplayed(1, timeout: TestPatience.event)
        try await desktop.dunstInvoke("Allow")
        _ = try await app.waitForLine(timeout: 30) { $0 == "shown" }
        let message = try #require(
            try await monitor.waitForNotify(count: 2).first { $0.summary == "Ana" }, "\(monitor.notifyCalls)")
        #expect(message.body == "See you at six?", "\(message)")
        #expect(message.hints["category"] == nil, "\(message)")
        try await desktop.dunstInvoke("Reply")
        let answer = try await app.waitForLine(timeout: 30) { $0.hasPrefix("response: ") }
        #expect(answer == "response: reply text: ", "\(answer)")
        #expect(try await app.wait(timeout: 30) == 0, "\(app.standardError)")
        #expect(!app.standardError.contains("InvalidArgument"), "\(app.standardError)")
    }

    /// `unotify send` in the same sandbox is notify-send 0.8's: through the portal, and `-A`
    /// prints the key of the button chosen in dunst's menu.
    @Test func unotifySendInASandboxGoesThroughThePortal() async throws {
        let desktop = try await TestDesktop(server: "dunst", environment: ["DESKTOP_PORTAL": "gtk"])
        defer { desktop.stop() }
        let proxy = try await FlatpakBusProxy(app: Self.app, busAddress: desktop.busAddress)
        let send = try proxy.start(
            UNotifyProcess.path, ["send", "-A", "yes=Yes", "Deploy finished", "Open the logs?"],
            environment: desktop.environment)
        defer { send.stop(grace: 1) }
        do {
            try await desktop.dunstWaitDisplayed(1, timeout: TestPatience.event)
        } catch {
            throw TestSupportError("nothing shown (\(error)); unotify said: \(send.standardError)")
        }
        try await desktop.dunstInvoke("yes")
        #expect(try await send.wait(timeout: 30) == 0, "\(send.standardError)")
        #expect(send.standardOutput == "yes\n", "\(send.standardOutput)")
        #expect(desktop.dunstMenus().joined().contains("#Yes (Deploy finished)"), "\(desktop.dunstMenus())")
    }

    /// Each `unotify send` in a sandbox is a notification of its own, as with notify-send: the
    /// second does not take the first one's place (both started counting the portal's ids at 1,
    /// and the portal replaces a notification added again under the same id).
    @Test func twoSendsInASandboxShowTwoNotifications() async throws {
        let desktop = try await TestDesktop(server: "dunst", environment: ["DESKTOP_PORTAL": "gtk"])
        defer { desktop.stop() }
        let proxy = try await FlatpakBusProxy(app: Self.app, busAddress: desktop.busAddress)
        for (summary, body) in [("First", "one"), ("Second", "two")] {
            let send = try proxy.start(UNotifyProcess.path, ["send", summary, body], environment: desktop.environment)
            defer { send.stop(grace: 1) }
            #expect(try await send.wait(timeout: 30) == 0, "\(send.standardError)")
        }
        try await desktop.dunstWaitDisplayed(2, timeout: TestPatience.event)
    }
}
