import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// What `unotify send` posts is what the desktop lists, on the GNOME Shells people run: 46
    /// and later drop a notification whose sender left before the shell asked for its process,
    /// and a replacement too (measured before the fix on GNOME 48.7: 20 sends in a row left 14).
    @Suite(.serialized, .timeLimit(.minutes(4))) struct SendKeptEndToEndTests {
        static let gnomeShells: [MatrixServer] = [.gnomeShell, .gnomeShell48, .gnomeShell51]

        @Test(arguments: gnomeShells) func fiftySendsInARowAreFiftyListed(server: MatrixServer) async throws {
            let session = try await MatrixSession(server)
            for number in 1...50 {
                let result = try await session.unotify(["send", "Kept \(number)", "body"])
                #expect(result.status == 0, "send \(number): \(result.stderr)")
            }
            #expect(try await session.shownCount() == 50)
        }

        @Test(arguments: gnomeShells) func aReplacementFromAnotherProcessReplaces(server: MatrixServer) async throws {
            let session = try await MatrixSession(server)
            for round in 1...3 {
                let first = try await session.output(["send", "-p", "Replace me \(round)", "v1"])
                let id = try #require(UInt32(first.trimmingCharacters(in: .whitespacesAndNewlines)))
                let second = try await session.unotify(["send", "-r", String(id), "Replaced \(round)", "v2"])
                #expect(second.status == 0, "\(second.stderr)")
                try await Eventually.wait(timeout: .seconds(10), "notification \(id) titled 'Replaced \(round)'") {
                    try await session.desktop.shellNotificationTitle(id) == "Replaced \(round)"
                }
            }
        }
        /// GNOME 46 and later close an app's notifications when the connection that sent them
        /// leaves: notify-send's are gone once it exits; `unotify send`'s are shown by the agent,
        /// which stays, and are still listed 5 s after the command exited.
        @Test(arguments: [MatrixServer.gnomeShell48, .gnomeShell51])
        func anAppsNotificationOutlivesTheCommand(server: MatrixServer) async throws {
            let files = try TemporaryDirectory("unotify-desktop-files")
            var paths: [String] = []
            for (id, name) in [("org.example.Tea", "Tea Timer"), ("org.example.Coffee", "Coffee")] {
                let file = files.url.appendingPathComponent("\(id).desktop")
                try "[Desktop Entry]\nType=Application\nName=\(name)\nExec=true\n".write(
                    to: file, atomically: true, encoding: .utf8)
                paths.append(file.path)
            }
            let desktop = try await TestDesktop(
                server: server.name, environment: ["DESKTOP_DESKTOP_FILES": paths.joined(separator: " ")])
            defer { desktop.stop() }
            let state = try TemporaryDirectory("unotify-state")
            let data = try #require(desktop.variables["DESKTOP_STATE_DIR"]) + "/data"
            let sent = try await UNotifyProcess.run(
                [
                    "send", "-p", "-a", "Tea Timer", "-h", "string:desktop-entry:org.example.Tea", "Plain",
                    "from the CLI",
                ],
                busAddress: desktop.busAddress,
                extraEnvironment: ["XDG_STATE_HOME": state.path, "XDG_DATA_HOME": data, "XDG_DATA_DIRS": "/usr/share"])
            let exited = ContinuousClock.now
            #expect(sent.status == 0, "\(sent.stderr)")
            let id = try #require(UInt32(sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
            // The control: notify-send's notification for another installed app, gone when it exits
            // (the shell handles the departures in the bus's order, so ours was handled first).
            let control = try await desktop.output(
                "notify-send", ["-p", "-a", "Coffee", "-h", "string:desktop-entry:org.example.Coffee", "Control", "x"])
            let controlID = try #require(UInt32(control.trimmingCharacters(in: .whitespacesAndNewlines)))
            try await Eventually.wait(timeout: .seconds(10), "notify-send's notification closed with its sender") {
                try await desktop.shellNotificationTitle(controlID) == nil
            }
            #expect(try await desktop.shellNotificationTitle(id) == "Plain")
            try await Task.sleep(until: exited + .seconds(5))
            #expect(try await desktop.shellNotificationTitle(id) == "Plain")
        }
    }
}
