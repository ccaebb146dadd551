import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// Who plays a notification's sound, in-process against a fake server: the agent's player is a
/// script that only records what it was asked to play.
@Suite(.timeLimit(.minutes(1))) struct AgentSoundTests {
    /// The agent's rig with a sound player whose `paplay` is a script that notes each file.
    struct Rig {
        let base: AgentRig
        let data: TemporaryDirectory
        let mark: URL
        let script: URL
        let player: SoundPlayer

        init(
            information: ServerInformation = ServerInformation(
                name: "dunst", vendor: "knopwob", version: "1.9.0",
                specVersion: "1.2")
        ) async throws {
            data = try TemporaryDirectory("unotify-data")
            let stereo = data.url.appendingPathComponent("sounds/freedesktop/stereo")
            try FileManager.default.createDirectory(at: stereo, withIntermediateDirectories: true)
            try Data("fake".utf8).write(to: stereo.appendingPathComponent("message-new-instant.oga"))
            try Data("fake".utf8).write(to: stereo.appendingPathComponent(Self.markerSound + ".oga"))
            mark = data.url.appendingPathComponent("played")
            script = data.url.appendingPathComponent("paplay")
            try ExecutableScript.write("#!/bin/sh\necho \"$@\" >> '\(mark.path)'\n", to: script.path)
            player = SoundPlayer(environment: [
                "XDG_DATA_HOME": data.path, "XDG_DATA_DIRS": data.path + "/none",
                "PATH": data.path,
            ])
            base = try await AgentRig(information: information, soundPlayer: player)
        }

        var fake: FakeNotificationServer { base.fake }
        var client: AgentClient { base.client }

        /// A second theme sound, told apart from the default one in what was played.
        static let markerSound = "complete"

        var themeFile: String { data.path + "/sounds/freedesktop/stereo/message-new-instant.oga" }
        var markerFile: String { data.path + "/sounds/freedesktop/stereo/\(Self.markerSound).oga" }

        /// The files played so far, in order (nothing played yet: no mark file).
        func played() throws -> [String] {
            guard FileManager.default.fileExists(atPath: mark.path) else { return [] }
            return try String(contentsOf: mark, encoding: .utf8).split(separator: "\n").map(String.init)
        }

        /// Waits (bounded) until `file` was played, then until no player script of this rig runs
        /// any more; returns every file played, in the order the marks were written.
        ///
        /// Every player of a step was started before the step's `add` returned (and
        /// `Process.run()` returns once the child runs the script): once a later mark is there,
        /// each of them has written its mark or is still running, so when none runs, every mark
        /// is there, in whichever order the scripts wrote them.
        func allPlayed(awaiting file: String) async throws -> [String] {
            try await Eventually.wait(timeout: .seconds(5), "\(file) was played") {
                try played().contains(file)
            }
            try await Eventually.wait(timeout: .seconds(5), "every player script has finished") {
                try runningPlayers() == 0
            }
            return try played()
        }

        /// Waits (bounded) until the marker sound was played and every player has finished
        /// (`allPlayed(awaiting:)`); returns every other file played.
        func playedBeforeMarker() async throws -> [String] {
            try await allPlayed(awaiting: markerFile).filter { $0 != markerFile }
        }

        /// How many processes run this rig's player script now (a process that has exited has
        /// no command line, even before it is reaped).
        func runningPlayers() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { pid in
                guard Int(pid) != nil, let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
                else { return false }
                return command.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == script.path }
            }.count
        }

        func allow(_ app: String, sound: AppSettings.Switch = .enabled) async throws {
            var settings = AppSettings.authorized(requesting: [.alert, .sound, .badge])
            settings.sound = sound
            _ = try await client.setSettings(app: app, changes: settings.wire)
        }
    }

    @Test func onDunstTheAgentSuppressesTheHintAndPlaysTheThemeFile() async throws {
        let rig = try await Rig()
        try await rig.allow("org.example.Bell")
        _ = try await rig.client.add(
            app: "org.example.Bell", request: DeliveryRequest(identifier: "b", title: "Ding", sound: .default))
        let call = try await rig.fake.nextCall()
        #expect(call.request.hints.suppressSound == true)
        #expect(call.request.hints.soundFile == nil)
        // Played once: when it was and no player runs any more, it is the only sound played.
        #expect(try await rig.allPlayed(awaiting: rig.themeFile) == [rig.themeFile])
    }

    @Test func onMateTheServerGetsTheSoundFileAndTheAgentPlaysNothing() async throws {
        let rig = try await Rig(
            information: ServerInformation(
                name: "Notification Daemon", vendor: "MATE",
                version: "1.26.0", specVersion: "1.1"))
        try await rig.allow("org.example.Bell")
        _ = try await rig.client.add(
            app: "org.example.Bell", request: DeliveryRequest(identifier: "b", title: "Ding", sound: .default))
        let call = try await rig.fake.nextCall()
        #expect(call.request.hints.soundFile == rig.themeFile)
        #expect(call.request.hints.soundName == nil)
        #expect(call.request.hints.suppressSound == nil)
        // The agent plays nothing here: a sound played through its player after the delivery is
        // the first one played.
        #expect(rig.player.play(.named(Rig.markerSound), app: "org.example.Bell") == rig.markerFile)
        #expect(try await rig.playedBeforeMarker() == [])
    }

    @Test func soundsOffOrNoSoundPlayNothing() async throws {
        let rig = try await Rig()
        try await rig.allow("org.example.Quiet", sound: .disabled)
        _ = try await rig.client.add(
            app: "org.example.Quiet", request: DeliveryRequest(identifier: "q", title: "Hush", sound: .default))
        #expect(try await rig.fake.nextCall().request.hints.suppressSound == true)
        try await rig.allow("org.example.Bell")
        _ = try await rig.client.add(
            app: "org.example.Bell", request: DeliveryRequest(identifier: "n", title: "No sound"))
        #expect(try await rig.fake.nextCall().request.hints.suppressSound == true)
        // Then one with a sound, which the agent plays: the only sound played up to it.
        _ = try await rig.client.add(
            app: "org.example.Bell",
            request: DeliveryRequest(
                identifier: "m", title: "Marker", sound: .named(Rig.markerSound)))
        #expect(try await rig.fake.nextCall().request.summary == "Marker")
        #expect(try await rig.playedBeforeMarker() == [])
    }
}
