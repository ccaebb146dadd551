import Foundation
import Testing
import TestSupport

/// Sounds through the built CLI and agent on a real dunst desktop with a private PulseAudio
/// null sink: dunst plays no hint, so the agent plays the sound; `parec` on the sink's monitor
/// tells sound from silence.
@Suite(.serialized, .timeLimit(.minutes(2))) struct SoundEndToEndTests {
    /// A dunst desktop with PulseAudio plus a private state directory for the agent.
    struct Session {
        let desktop: TestDesktop
        let state: TemporaryDirectory

        init() async throws {
            desktop = try await TestDesktop(server: "dunst", environment: ["DESKTOP_PULSE": "1"])
            state = try TemporaryDirectory("unotify-e2e-sound")
            guard desktop.variables["PULSE_SERVER"]?.isEmpty == false else {
                throw TestSupportError("desktop-up exported no PULSE_SERVER")
            }
        }

        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            var extra = ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"]
            extra["PULSE_SERVER"] = desktop.variables["PULSE_SERVER"]
            return try await UNotifyProcess.run(arguments, busAddress: desktop.busAddress, extraEnvironment: extra)
        }

        /// Records the null sink's monitor (bounded) while `send` runs; true when any sample is non-zero.
        func heardSound(while send: () async throws -> Void) async throws -> Bool {
            let recording = state.url.appendingPathComponent("monitor-\(UUID().uuidString).raw")
            let recorder = try ChildProcess("/bin/sh", [
                "-c", "exec timeout 4 parec -d nullsink.monitor --format=s16le --rate=44100 --channels=2 --raw "
                    + "--latency-msec=20 > '\(recording.path)'",
            ], environment: desktop.environment)
            try await Task.sleep(nanoseconds: 300_000_000)  // let the record stream connect
            try await send()
            _ = try await recorder.wait(timeout: 10)
            let data = try Data(contentsOf: recording)
            #expect(data.count > 44_100, "parec recorded \(data.count) bytes")
            return data.withUnsafeBytes { raw in
                let samples = raw.bindMemory(to: Int16.self)
                return samples.contains { $0 != 0 }
            }
        }
    }

    @Test func theAgentPlaysTheDefaultSoundOnDunstAndNothingWhenSoundsAreOff() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.example.Bell", "allow"]).status == 0)
        let heard = try await session.heardSound {
            let sent = try await session.unotify(["send", "--app", "org.example.Bell", "--sound", "default", "Ding"])
            #expect(sent.status == 0, "\(sent.stderr)")
        }
        #expect(heard)

        #expect(try await session.unotify(["settings", "org.example.Bell", "--sound", "off"]).status == 0)
        let heardWhenOff = try await session.heardSound {
            let sent = try await session.unotify(["send", "--app", "org.example.Bell", "--sound", "default", "Quiet"])
            #expect(sent.status == 0, "\(sent.stderr)")
        }
        #expect(!heardWhenOff)
    }

    @Test func noSoundInTheContentIsSilent() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.example.Bell", "allow"]).status == 0)
        let heard = try await session.heardSound {
            let sent = try await session.unotify(["send", "--app", "org.example.Bell", "No sound"])
            #expect(sent.status == 0, "\(sent.stderr)")
        }
        #expect(!heard)
    }
}
