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
    }
}
