import Foundation
import Testing
import TestSupport

extension EndToEndSound {
    /// Sounds through the built CLI and agent with a private PulseAudio null sink; `parec` on the
    /// sink's monitor tells sound from silence. (The sound heard, and silenced by the settings,
    /// on every server: `SoundMatrixTests`.)
    @Suite(.serialized, .timeLimit(.minutes(2))) struct SoundEndToEndTests {
        @Test func noSoundInTheContentIsSilent() async throws {
            let session = try await MatrixSession(.dunst, pulse: true)
            try await session.allow("org.example.Bell")
            let heard = try await session.soundsHeard {
                let sent = try await session.unotify(["send", "--app", "org.example.Bell", "No sound"])
                #expect(sent.status == 0, "\(sent.stderr)")
            }
            #expect(heard.onlyTheMarker, "\(heard)")
        }

        /// An app's update of a delivered notification (the same identifier) with a sound is
        /// heard on Phosh 0.58, and replaces it: phosh updates a notification in place for a
        /// `Notify` with `replaces_id` and plays no sound for it (measured), so there the agent
        /// closes the old one and shows the update as a new one.
        @Test func phoshHearsAnUpdateWithASound() async throws {
            let session = try await MatrixSession(.phosh, pulse: true)
            let app = "org.example.Kettle"
            try await session.allow(app)
            #expect(
                try await session.unotify(["send", "--app", app, "--id", "kettle", "Tea", "is brewing"]).status == 0)
            let first = try #require(try await session.monitor.waitForNotify(count: 1).last?.returnedID)
            let update = try await session.recordSound(marker: {
                let sent = try await session.unotify([
                    "send", "--app", app, "--id", "kettle", "--sound", "default", "Tea", "is ready",
                ])
                #expect(sent.status == 0, "\(sent.stderr)")
            })
            #expect(update.soundCount == 1)
            // One notification under the identifier: the update, under the id phosh gave it.
            let newest = try #require(session.monitor.notifyCalls.last?.returnedID)
            #expect(newest != first)
            let delivered = try await session.output(["delivered", "--app", app])
            #expect(
                delivered.split(separator: "\n").map { $0.split(separator: "\t").prefix(2).joined(separator: " ") }
                    == ["kettle \(newest)"], "\(delivered)")
            // The old one is gone from phosh too: closed, not left beside the update.
            try await Eventually.wait(timeout: .seconds(10), "phosh closes the replaced notification") {
                session.monitor.closedSignals.contains { $0.id == first }
            }
        }

        /// mate-notification-daemon plays `sound-file` itself: the agent sends the resolved theme
        /// file and plays nothing (the `paplay` first on its PATH here only leaves a mark), so the
        /// sound is heard once, from mate.
        @Test func mateHearsTheSoundFileTheAgentSends() async throws {
            let session = try await MatrixSession(.mate, pulse: true)
            let fakePlayer = try TemporaryDirectory("unotify-fake-player")
            let mark = fakePlayer.url.appendingPathComponent("played")
            let script = fakePlayer.url.appendingPathComponent("paplay")
            try ExecutableScript.write("#!/bin/sh\necho \"$@\" >> '\(mark.path)'\n", to: script.path)
            let path = fakePlayer.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            // The first command starts the agent, which keeps that PATH.
            #expect(
                try await session.unotify(["settings", "org.example.Bell", "allow"], extraEnvironment: ["PATH": path])
                    .status == 0)
            // The agent would start its player before it answers the send; the sound it sent
            // mate is heard after that, so a mark would be there once the sound has ended.
            let ding = try await session.recordSound(marker: {
                let sent = try await session.unotify(
                    ["send", "--app", "org.example.Bell", "--sound", "default", "Ding"],
                    extraEnvironment: ["PATH": path])
                #expect(sent.status == 0, "\(sent.stderr)")
            })
            #expect(ding.soundCount == 1)
            #expect(!FileManager.default.fileExists(atPath: mark.path), "the agent played the sound too")
        }
    }
}
