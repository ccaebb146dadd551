import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// KDE Plasma 6.3 and 6.7, each in its chroot: what the server reports, what `--explain`
    /// says of sound (6.7 advertises `sound` and plays the hints itself; 6.3 does not), and that
    /// 50 sends in a row are all taken by the server.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct PlasmaSixEndToEndTests {
        @Test func plasmaSixSevenPlaysSoundsItselfAndSixThreeDoesNot() async throws {
            for (server, version, playsSound) in [(MatrixServer.plasma63, "6.3", false), (.plasma67, "6.7", true)] {
                let session = try await MatrixSession(server)
                let explanation = try await session.output(["server", "--explain"])
                #expect(explanation.contains("Plasma") && explanation.contains(version), "\(explanation)")
                let says = explanation.contains("the server plays sound-file hints; unotifyd plays nothing itself")
                #expect(says == playsSound, "\(server.name): \(explanation)")
                #expect(explanation.contains("unotifyd plays the sound itself") == !playsSound, "\(explanation)")
            }
        }

        @Test(arguments: [MatrixServer.plasma63, .plasma67])
        func fiftySendsInARowAreFiftyTaken(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server)
            for number in 1...50 {
                let result = try await session.unotify(["send", "-p", "-t", "0", "Kept \(number)", "body \(number)"])
                #expect(result.status == 0, "send \(number): \(result.stderr)")
            }
            #expect(try await session.monitor.waitForNotify(count: 50).count == 50)
        }
    }
}
