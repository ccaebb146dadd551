import Foundation
import Testing
import TestSupport

extension EndToEndSound {
    /// A notification's sound on every real server, heard on a PulseAudio null sink: mate plays
    /// the `sound-file` the agent sends; on every other server the agent plays it and tells the
    /// server not to (`suppress-sound`). Sound turned off in the app's settings is silence.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct SoundMatrixTests {
        @Test(arguments: MatrixServer.all)
        func theSoundIsHeardAndSilencedBySettings(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, pulse: true, sharingDesktop: true)
            let app = "org.example.Bell"
            try await session.allow(app)
            let ding = try await session.recordSound(marker: {
                let sent = try await session.unotify(["send", "--app", app, "--sound", "default", "Ding"])
                #expect(sent.status == 0, "\(sent.stderr)")
            })
            #expect(ding.soundCount == 1)
            let hints = try #require(try await session.monitor.waitForNotify(count: 1).first?.hintKeys)
            if server.playsSoundFile {
                #expect(hints.contains("sound-file") && !hints.contains("suppress-sound"))
            } else {
                #expect(hints.contains("suppress-sound") && !hints.contains("sound-file"))
            }

            // Sound off: only the marker played after it is heard.
            #expect(try await session.unotify(["settings", app, "--sound", "off"]).status == 0)
            let heard = try await session.soundsHeard {
                let quiet = try await session.unotify(["send", "--app", app, "--sound", "default", "Quiet"])
                #expect(quiet.status == 0, "\(quiet.stderr)")
            }
            // A played "Quiet" is other sound than the marker's tone (HeardSounds.foreignBound).
            #expect(heard.onlyTheMarker, "\(heard)")
        }
    }
}
