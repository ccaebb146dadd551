import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// GNOME Shell 43, beyond the matrix: who owns `org.freedesktop.Notifications` (a separate
    /// gjs service, while the shell broadcasts a second copy of each signal from its own name),
    /// that one click is one answer, that the prompt's title is not cut, and that the tray, where
    /// GNOME keeps notifications after the banner leaves, agrees with `delivered` / `remove`.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct GnomeShellEndToEndTests {
        @Test func oneClickOnAllowIsOneAnswerFromTheGjsServiceAndAuthorizes() async throws {
            let session = try await MatrixSession(.gnomeShell)
            // The name belongs to the gjs notification service that test-desktop up started, not to the shell.
            let pidReply = try await session.desktop.output(
                "gdbus",
                [
                    "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                    "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "org.freedesktop.Notifications",
                ])
            let pid = try #require(session.desktop.variables["DESKTOP_SERVER_PID"])
            #expect(pidReply.contains("uint32 \(pid),"), "\(pidReply)")
            let commandLine = try String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)
            #expect(commandLine.contains("gjs") && commandLine.contains("org.gnome.Shell.Notifications"))
            let service = try await session.desktop.nameOwner("org.freedesktop.Notifications")
            let shell = try await session.desktop.nameOwner("org.gnome.Shell")
            #expect(service != shell)

            let app = "org.example.Tea"
            let request = try session.start(["request", "--app", app, "--timeout", "30"])
            try await session.answer("allow", button: 0, of: 2, notifyCount: 1)
            #expect(try await request.wait(timeout: 20) == 0)
            #expect(request.standardOutput == "authorized\n")
            #expect(try await session.status(of: app) == "authorized")
            let settings = try await session.output(["settings", app])
            #expect(settings.contains("authorized"), "\(settings)")
            // The click came twice on the bus, once from each name; only the service's counts.
            let id = try #require(session.monitor.notifyCalls.first?.returnedID)
            let clicks = session.monitor.messages.filter {
                $0.kind == "signal" && $0.member == "ActionInvoked" && $0.scalar(0) == String(id)
                    && $0.scalar(1) == "allow"
            }
            #expect(Set(clicks.compactMap(\.sender)) == [service, shell], "\(clicks.map(\.sender))")
        }

        /// The notification service restarts (a new owner of the name, as when GNOME's D-Bus
        /// activation starts it again): the agent follows, and a click on the next prompt,
        /// answered through the new service, authorizes.
        @Test func theAgentFollowsANewNotificationService() async throws {
            let session = try await MatrixSession(.gnomeShell)
            try await session.allow("org.example.Marker")
            #expect(try await session.unotify(["send", "--app", "org.example.Marker", "Before"]).status == 0)
            let old = try await session.desktop.nameOwner("org.freedesktop.Notifications")
            let pid = try #require(session.desktop.variables["DESKTOP_SERVER_PID"].flatMap { pid_t($0) })
            kill(pid, SIGTERM)
            try await Eventually.wait(timeout: .seconds(10), "the old service gives up the name") {
                (try? await session.desktop.nameOwner("org.freedesktop.Notifications")) == nil
            }
            let service = try ChildProcess(
                "/usr/bin/gjs", ["/usr/share/gnome-shell/org.gnome.Shell.Notifications"],
                environment: session.desktop.environment)
            defer { service.stop() }
            try await Eventually.wait(timeout: .seconds(10), "the new service owns the name") {
                (try? await session.desktop.nameOwner("org.freedesktop.Notifications")).map { $0 != old } ?? false
            }
            let app = "org.example.Tea"
            let request = try session.start(["request", "--app", app, "--timeout", "30"])
            // The new service passes each Notify on to the shell too: the prompt's id is the one both returned.
            try await Eventually.wait(timeout: .seconds(10), "the prompt's Notify answered") {
                session.monitor.notifyCalls.contains { $0.actionKeys == ["allow", "deny"] && $0.returnedID != nil }
            }
            let id = try #require(session.monitor.notifyCalls.last { $0.actionKeys == ["allow", "deny"] }?.returnedID)
            try await session.desktop.shellClick(notification: id, label: "Allow")
            #expect(try await request.wait(timeout: 20) == 0)
            #expect(request.standardOutput == "authorized\n")
            #expect(try await session.status(of: app) == "authorized")
        }

        @Test func oneClickOnAnActionIsOneResponse() async throws {
            let session = try await MatrixSession(.gnomeShell)
            let app = "org.example.Tea"
            try await session.allowWithTeaCategory(app)
            let listen = try session.start(["listen", "--app", app])
            #expect(
                try await session.unotify(["send", "--app", app, "--id", "kettle", "-c", "tea", "Tea", "is ready"])
                    .status == 0)
            try await session.answer("drink", button: 1, of: 2, notifyCount: 1)
            // A second notification answered after it: once its answer is in, the first
            // click's second copy (from the shell's own name) would have arrived before it.
            #expect(
                try await session.unotify(["send", "--app", app, "--id", "cup", "-c", "tea", "Cup", "is ready"]).status
                    == 0)
            try await session.answer("snooze", button: 0, of: 2, notifyCount: 2)
            try await Eventually.wait(timeout: .seconds(10), "the second click reaches listen") {
                listen.standardOutput.contains(#""identifier":"cup","action":"snooze""#)
            }
            #expect(!listen.hasExited, "listen still listens: \(listen.standardError)")
            listen.stop()
            let lines = listen.standardOutput.split(separator: "\n")
            #expect(lines.filter { $0.contains(#""identifier":"kettle","action":"drink""#) }.count == 1, "\(lines)")
            #expect(lines.count == 2, "\(lines)")
        }

        /// GNOME ignores `expire_timeout`: the agent takes a notification sent with `-t` down
        /// itself when its time is up, off the banner and out of the tray.
        @Test func anExpiryTimeIsKeptByTheAgent() async throws {
            let session = try await MatrixSession(.gnomeShell)
            let app = "org.example.Timer"
            try await session.allow(app)
            #expect(
                try await session.unotify(["send", "--app", app, "--id", "egg", "-t", "1500", "Egg timer", "Soon"])
                    .status == 0)
            let id = try #require(try await session.monitor.waitForNotify(count: 1).first?.returnedID)
            try await Eventually.wait(timeout: .seconds(10), "NotificationClosed(\(id), 3): the agent closed it") {
                session.monitor.closedSignals.contains { $0.id == id && $0.reason == 3 }
            }
            try await session.waitForShown(0)
            #expect(try await session.delivered(app) == "")
        }

        /// With banners off and sound on, GNOME puts the notification in the tray without a
        /// banner and so without its sound: the agent plays it, and it is heard once.
        @Test func aNotificationWithoutBannerIsHeardOnce() async throws {
            let session = try await MatrixSession(.gnomeShell, pulse: true)
            let app = "org.example.Bell"
            try await session.allow(app)
            #expect(try await session.unotify(["settings", app, "--alert", "off"]).status == 0)
            let ding = try await session.recordSound(marker: {
                let sent = try await session.unotify(["send", "--app", app, "--sound", "default", "Ding"])
                #expect(sent.status == 0, "\(sent.stderr)")
            })
            #expect(ding.soundCount == 1)
            try await session.waitForShown(1)  // in the tray
            #expect(try await session.desktop.shellEval("Main.messageTray._banner === null") == "true", "no banner")
        }

        @Test func thePromptsTitleIsShownWhole() async throws {
            let session = try await MatrixSession(.gnomeShell)
            let app = "org.example.KitchenTimer"  // a name of 12 letters: GNOME cut the old title after 40 characters
            let request = try session.start(["request", "--app", app, "--timeout", "30"])
            try await session.monitor.waitForNotify(count: 1)
            try await Eventually.wait(timeout: .seconds(10), "the prompt's banner") {
                try await session.desktop.shellBannerTitle() != nil
            }
            // The prompt is critical: GNOME keeps its banner until it is answered.
            let title = try #require(try await session.desktop.shellBannerTitle())
            #expect(!title.cut, "GNOME cut the prompt's title: \(title.text)")
            #expect(title.text == session.monitor.notifyCalls.first?.summary)
            try await session.answer("deny", button: 1, of: 2, notifyCount: 1)
            #expect(try await request.wait(timeout: 20) == 1)
        }

        /// GNOME keeps a notification in its tray after the banner leaves; `delivered` lists it
        /// as long as the tray does, `remove` takes it out of the tray, and the user clearing it
        /// in the tray is a close like any other.
        @Test func theTrayAndDeliveredAgree() async throws {
            let session = try await MatrixSession(.gnomeShell)
            let app = "org.example.Timer"
            try await session.allow(app)
            #expect(
                try await session.unotify(["send", "--app", app, "--id", "egg", "Egg timer", "Running"]).status == 0)
            try await session.monitor.waitForNotify(count: 1)
            try await Eventually.wait(timeout: .seconds(10), "the banner on screen") {
                try await session.desktop.shellEval("Main.messageTray._banner !== null") == "true"
            }
            try await Eventually.wait(timeout: .seconds(20), "the banner leaves the screen") {
                try await session.desktop.shellEval("Main.messageTray._banner === null") == "true"
            }
            #expect(try await session.shownCount() == 1, "kept in the tray")
            #expect(try await session.delivered(app).hasPrefix("egg\t"))
            #expect(try await session.output(["remove", "--app", app, "--delivered", "egg"]) == "1\n")
            try await session.waitForShown(0)
            #expect(try await session.delivered(app) == "")
            // The user clears one in the tray: the agent forgets it too.
            #expect(
                try await session.unotify(["send", "--app", app, "--id", "tea", "Tea timer", "Running"]).status == 0)
            let id = try #require(try await session.monitor.waitForNotify(count: 2).last?.returnedID)
            try await session.waitForShown(1)
            try await session.desktop.shellClearInTray(notification: id)
            try await Eventually.wait(timeout: .seconds(10), "NotificationClosed(\(id), 2) from the tray") {
                session.monitor.closedSignals.contains { $0.id == id && $0.reason == 2 }
            }
            try await Eventually.wait(timeout: .seconds(10), "the agent forgets the cleared notification") {
                try await session.delivered(app).isEmpty
            }
            #expect(try await session.shownCount() == 0)
        }
    }
}
