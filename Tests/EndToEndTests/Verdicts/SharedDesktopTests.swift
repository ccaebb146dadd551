import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Matrix cases share a server's desktop (`DesktopPool`): the next case gets the desktop back
    /// as a fresh one would be, or a fresh one.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct SharedDesktopTests {
        @Test func theNextCaseGetsTheDesktopBackWithNoAgentAndNothingShown() async throws {
            // An earlier case allows an app and leaves two notifications on screen.
            let address = try await Self.earlierCase { earlier in
                try await earlier.allow("org.example.Tea")
                for title in ["One", "Two"] {
                    #expect(try await earlier.unotify(["send", "--app", "org.example.Tea", title]).status == 0)
                }
                try await earlier.waitForShown(2)
            }
            let next = try await MatrixSession(.dunst, sharingDesktop: true)
            #expect(next.desktop.busAddress == address, "the case got the earlier case's desktop")
            #expect(try await next.shownCount() == 0)
            // The earlier case's agent, which had the app allowed, is gone: a new one, with the
            // next case's own state, answers.
            #expect(try await next.status(of: "org.example.Tea") == "notDetermined")
        }

        @Test func aDesktopWhoseServerDiedIsStoppedAndTheCaseGetsAFreshOne() async throws {
            var busPID: pid_t = 0
            let address = try await Self.earlierCase { earlier in
                busPID = try #require(earlier.desktop.variables["DESKTOP_BUS_PID"].flatMap { pid_t($0) })
                let server = try #require(earlier.desktop.variables["DESKTOP_SERVER_PID"].flatMap { pid_t($0) })
                kill(server, SIGKILL)
            }
            let next = try await MatrixSession(.dunst, sharingDesktop: true)
            #expect(next.desktop.busAddress != address)
            #expect(!Self.isRunning(busPID), "the broken desktop's bus was stopped")
            try await next.allow("org.example.Tea")
            #expect(try await next.unotify(["send", "--app", "org.example.Tea", "Tea"]).status == 0)
            try await next.waitForShown(1)
        }

        @Test func aCaseThatDoesNotShareGetsADesktopOfItsOwn() async throws {
            let address = try await Self.earlierCase { _ in }
            let own = try await MatrixSession(.dunst)
            #expect(own.desktop.busAddress != address)
        }

        @Test func gnomeShellsOwnSettingsThatACaseWroteAreResetForTheNext() async throws {
            let address = try await Self.earlierCase(on: .gnomeShell) { earlier in
                try await earlier.allow("org.example.Tea")
                #expect(try await earlier.unotify(["send", "--app", "org.example.Tea", "Tea"]).status == 0)
                try await earlier.waitForShown(1)
                let listed = try await MatrixSession.gsettings(
                    ["get", "org.gnome.desktop.notifications", "application-children"], on: earlier.desktop)
                #expect(listed.contains("org-example-tea"), "GNOME lists the app: \(listed)")
            }
            let next = try await MatrixSession(.gnomeShell, sharingDesktop: true)
            #expect(next.desktop.busAddress == address, "the case got the earlier case's desktop")
            #expect(try await next.shownCount() == 0)
            let listed = try await MatrixSession.gsettings(
                ["get", "org.gnome.desktop.notifications", "application-children"], on: next.desktop)
            #expect(listed.trimmingCharacters(in: .whitespacesAndNewlines) == "@as []")
            #expect(try await next.status(of: "org.example.Tea") == "notDetermined")
        }

        /// Runs `body` as a case on `server` (dunst), which gives its desktop back when it ends;
        /// returns that desktop's bus address.
        static func earlierCase(on server: MatrixServer = .dunst, _ body: (MatrixSession) async throws -> Void)
            async throws -> String
        {
            let session = try await MatrixSession(server, sharingDesktop: true)
            try await body(session)
            return session.desktop.busAddress
        }

        /// Whether `pid` exists and is not a zombie.
        static func isRunning(_ pid: pid_t) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let parenthesis = stat.lastIndex(of: ")")
            else { return false }
            return !stat[parenthesis...].hasPrefix(") Z")
        }
    }
}
