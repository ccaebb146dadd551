import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Sounds through the built CLI and agent on a real dunst desktop with a private PulseAudio
    /// null sink; `parec` on the sink's monitor tells sound from silence. (The sound heard, and
    /// silenced by the settings, on every server: `SoundMatrixTests`.)
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

    /// mate-notification-daemon plays `sound-file` itself: the agent sends the resolved theme file
    /// and plays nothing (the `paplay` first on its PATH here only leaves a mark), so the sound is
    /// heard once, from mate.
    @Suite(.serialized, .timeLimit(.minutes(2))) struct MateSoundEndToEndTests {
        @Test func mateHearsTheSoundFileTheAgentSends() async throws {
            let desktop = try await TestDesktop(server: "mate", environment: ["DESKTOP_PULSE": "1"])
            let state = try TemporaryDirectory("unotify-e2e-sound")
            let fakePlayer = try TemporaryDirectory("unotify-fake-player")
            let mark = fakePlayer.url.appendingPathComponent("played")
            let script = fakePlayer.url.appendingPathComponent("paplay")
            try "#!/bin/sh\necho \"$@\" >> '\(mark.path)'\n".write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            let path = fakePlayer.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
                var extra = ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8", "PATH": path]
                extra["PULSE_SERVER"] = desktop.variables["PULSE_SERVER"]
                extra["DISPLAY"] = desktop.variables["DISPLAY"]
                return try await UNotifyProcess.run(arguments, busAddress: desktop.busAddress, extraEnvironment: extra)
            }
            let allowed = try await unotify(["settings", "org.example.Bell", "allow"])
            #expect(allowed.status == 0, "\(allowed.stderr)")
            let recording = state.url.appendingPathComponent("monitor.raw")
            let recorder = try ChildProcess("/bin/sh", [
                "-c", "exec timeout 4 parec -d nullsink.monitor --format=s16le --rate=44100 --channels=2 --raw "
                    + "--latency-msec=20 > '\(recording.path)'",
            ], environment: desktop.environment)
            try await Task.sleep(nanoseconds: 300_000_000)
            let sent = try await unotify(["send", "--app", "org.example.Bell", "--sound", "default", "Ding"])
            #expect(sent.status == 0, "\(sent.stderr)")
            _ = try await recorder.wait(timeout: 10)
            let data = try Data(contentsOf: recording)
            let heard = data.withUnsafeBytes { raw in raw.bindMemory(to: Int16.self).contains { $0 != 0 } }
            #expect(heard)
            #expect(!FileManager.default.fileExists(atPath: mark.path), "the agent played the sound too")
        }
    }
}
