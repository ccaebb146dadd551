import Foundation
import Testing
import TestSupport

/// The same sandboxed app on GNOME Shell 48 (Debian 13) through trixie's real portal, 1.20 with
/// its GNOME backend, which hands the app's notifications to the shell's
/// `org.gtk.Notifications` under the app's id: the shell shows them under the name in the app's
/// desktop entry. The prompt's *Allow* and the notification's *Drink* are clicked on the
/// shell's own banners; each answer reaches the app through the portal's `ActionInvoked`.
@Suite(.timeLimit(.minutes(4))) struct GnomePortalEndToEndTests {
    static let app = "org.example.Sandboxed"

    @Test func aSandboxedAppIsShownUnderItsDesktopNameAndHearsItsAnswer() async throws {
        let entries = try TemporaryDirectory("portal-desktop-entry")
        let entry = entries.path + "/\(Self.app).desktop"
        // The shell ignores an entry whose Exec names no program it finds (flatpak exports
        // `Exec=/usr/bin/flatpak run …`; the chroot has no flatpak).
        try
            "[Desktop Entry]\nType=Application\nName=Sandboxed Tea\nExec=/usr/bin/env tea-alone\nIcon=dialog-information\n"
            .write(toFile: entry, atomically: true, encoding: .utf8)
        let desktop = try await TestDesktop(
            server: "gnome-shell-48", environment: ["DESKTOP_PORTAL": "gnome", "DESKTOP_DESKTOP_FILES": entry])
        defer { desktop.stop() }
        let runtime = try #require(desktop.variables["DESKTOP_PORTAL_RUNTIME_DIR"])
        let proxy = try await FlatpakBusProxy(app: Self.app, busAddress: desktop.busAddress)
        let sandboxed = try SandboxedTea(in: proxy, on: desktop, portalRuntime: runtime, desktopEntry: entry)
        defer { sandboxed.stop() }
        let app = sandboxed.process

        let prompt: ShellBanner
        do {
            prompt = try await desktop.shellWaitBanner { $0.buttons.contains("Allow") }
        } catch {
            throw TestSupportError("no prompt (\(error)); the app said: \(app.standardOutput) \(app.standardError)")
        }
        // The prompt names the app as its desktop entry does (found through XDG_DATA_DIRS, which
        // flatpak starts with /app/share), and the shell shows it under that name.
        #expect(prompt.title == "Sandboxed Tea", "\(prompt)")
        #expect(prompt.body.hasPrefix("“Sandboxed Tea” would like to send you notifications."), "\(prompt)")
        #expect(prompt.buttons == ["Allow", "Don’t Allow"], "\(prompt)")
        #expect(prompt.source == "Sandboxed Tea", "\(prompt)")
        #expect(prompt.app == "\(Self.app).desktop", "\(prompt)")
        try await desktop.shellClickBanner(titled: prompt.title, button: "Allow")
        _ = try await app.waitForLine(timeout: 30) { $0 == "authorized" }
        _ = try await app.waitForLine(timeout: 30) { $0 == "shown" }

        let tea = try await desktop.shellWaitBanner { $0.title == "Tea" }
        #expect(tea.body == "is ready", "\(tea)")
        #expect(tea.source == "Sandboxed Tea", "\(tea)")
        #expect(tea.buttons == ["Drink"], "\(tea)")
        try await desktop.shellClickBanner(titled: "Tea", button: "Drink")
        _ = try await app.waitForLine(timeout: 30) { $0 == "response: drink" }
        #expect(try await app.wait(timeout: 30) == 0, "\(app.standardError)")
        // The app found its own desktop entry: nothing to warn about.
        #expect(!app.standardError.contains("has no /app/share/applications"), "\(app.standardError)")
    }

    /// GNOME Shell refuses a portal notification of an app it has no desktop entry for
    /// (`InvalidApp` to the portal's backend), and the portal still answers the app that all
    /// went well: the app says so on its standard error instead of losing them silently.
    @Test func anAppWithoutADesktopEntryIsToldWhyNothingShows() async throws {
        let app = "org.example.NoDesktop"
        let desktop = try await TestDesktop(server: "gnome-shell-48", environment: ["DESKTOP_PORTAL": "gnome"])
        defer { desktop.stop() }
        let runtime = try #require(desktop.variables["DESKTOP_PORTAL_RUNTIME_DIR"])
        let proxy = try await FlatpakBusProxy(app: app, busAddress: desktop.busAddress)
        let tea = try SandboxedTea(in: proxy, on: desktop, portalRuntime: runtime)
        defer { tea.stop() }
        let process = tea.process
        let backendLog = desktop.stateDirectory.appendingPathComponent("portal-xdg-desktop-portal-gnome.log")
        try await Eventually.wait(timeout: TestPatience.event, "the shell's InvalidApp for \(app)") {
            // try?: the log appears with the backend's first line
            let log = (try? String(contentsOf: backendLog, encoding: .utf8)) ?? ""
            return log.contains("InvalidApp: The app by ID \"\(app)\" could not be found")
        }
        try await Eventually.wait(timeout: TestPatience.event, "the app's warning") {
            process.standardError.contains("\(app) has no /app/share/applications/\(app).desktop: GNOME Shell drops")
        }
    }

    /// A click after the app exited: the notification's button is the app's own action, so GNOME
    /// Shell calls `ActivateAction` on the app's name, the bus starts the app (its desktop entry
    /// says `DBusActivatable`, and its service file is the one flatpak exports), and the app
    /// started for the click hears the answer through its delegate.
    @Test func aClickAfterTheAppExitedStartsItAndReachesItsDelegate() async throws {
        let entries = try TemporaryDirectory("portal-desktop-entry")
        let entry = entries.path + "/\(Self.app).desktop"
        try "[Desktop Entry]\nType=Application\nName=Sandboxed Tea\nExec=/usr/bin/env tea-alone\nDBusActivatable=true\n"
            .write(toFile: entry, atomically: true, encoding: .utf8)
        // The user counts as away: banners stay until they are clicked.
        let desktop = try await TestDesktop(
            server: "gnome-shell-48",
            environment: ["DESKTOP_PORTAL": "gnome", "DESKTOP_DESKTOP_FILES": entry, "DESKTOP_GNOME_IDLE": "1"])
        defer { desktop.stop() }
        let runtime = try #require(desktop.variables["DESKTOP_PORTAL_RUNTIME_DIR"])
        let proxy = try await FlatpakBusProxy(app: Self.app, busAddress: desktop.busAddress)
        let sandboxed = try SandboxedTea(
            in: proxy, on: desktop, ["leave"], portalRuntime: runtime, desktopEntry: entry)
        defer { sandboxed.stop() }
        let output = entries.path + "/activated.log"
        try sandboxed.installActivation(
            in: proxy, on: desktop, ["answers"], portalRuntime: runtime, desktopEntry: entry, output: output)
        let app = sandboxed.process

        let prompt = try await desktop.shellWaitBanner { $0.buttons.contains("Allow") }
        try await desktop.shellClickBanner(titled: prompt.title, button: "Allow")
        _ = try await app.waitForLine(timeout: 30) { $0 == "shown" }
        #expect(try await app.wait(timeout: 30) == 0, "\(app.standardError)")

        _ = try await desktop.shellWaitBanner { $0.title == "Tea" }
        try await desktop.shellClickBanner(titled: "Tea", button: "Drink")
        do {
            try await Eventually.wait(timeout: TestPatience.event, "the app started for the click, answering") {
                // try?: the file appears with the started app's first line
                let said = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
                return said.contains("response: drink")
            }
        } catch {
            // try?: whatever is there helps to say why; nothing there says it too
            let said = (try? String(contentsOfFile: output, encoding: .utf8)) ?? "(nothing)"
            let bus =
                (try? String(contentsOf: desktop.stateDirectory.appendingPathComponent("bus.log"), encoding: .utf8))
                ?? ""
            throw TestSupportError(
                "\(error); the started app said: \(said); the bus: \(bus.suffix(2000)); delivered: "
                    + sandboxed.storeRows("delivered") + "; responses: " + sandboxed.stateFile("responses.json"))
        }
    }
}
