import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// Fifty plain `unotify send` in a row on every real server: each exits 0 once the server has
    /// taken its notification (one `Notify` answered with an id for each), and where the server
    /// counts what it holds (GNOME Shell's tray, dunst, mako, swaync, Cinnamon) it holds all of
    /// them. GNOME Shell 46 and later dropped about half when `send` did not wait for the answer.
    /// notification-daemon and mate hold at most about 20 open notifications and refuse the rest:
    /// there a send past the limit exits 1 with the server's refusal, never 0 having shown nothing.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct SendFloodMatrixTests {
        @Test(arguments: MatrixServer.all)
        func fiftySendsInARowAreAllTaken(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            // What the server holds already: dunst's history keeps what earlier cases closed.
            let before = try await session.heldCount()
            var taken = 0
            for number in 1...50 {
                let sent = try await session.unotify(["send", "Flood \(number)", "body \(number)"])
                if sent.status == 0 {
                    taken += 1
                } else {
                    #expect(server.refusesBeyondOpenNotifications, "send \(number): \(sent.stderr)")
                    #expect(
                        sent.status == 1 && sent.stderr.contains("Exceeded maximum number of notifications"),
                        "\(sent.stderr)")
                }
            }
            #expect(taken == 50 || (server.refusesBeyondOpenNotifications && taken >= 20), "\(taken) taken")
            let calls = try await session.monitor.waitForNotify(count: taken)
            #expect(Set(calls.compactMap(\.returnedID)).count == taken, "one id for each send that exited 0")
            if let before, let held = try await session.heldCount() {
                #expect(held - before == 50, "\(server.name) holds \(held - before) more, not 50")
            }
        }
    }
}
