import Foundation

/// A recording of a test desktop's PulseAudio null sink (its monitor, with `parec`), in place
/// once PulseAudio lists the recording stream, so a sound played after `init` returns is in it.
/// The desktop must have been started with `DESKTOP_PULSE=1`.
public final class SinkRecorder: Sendable {
    private let process: ChildProcess
    private let file: URL

    /// Starts recording the sink into `file` and waits (bounded) until it records. `parec`
    /// runs at most `limit` seconds, in case the test never stops it.
    public init(desktop: TestDesktop, file: URL, limit: Int = 120) async throws {
        self.file = file
        process = try ChildProcess(
            "/bin/sh",
            [
                "-c",
                "exec timeout \(limit) parec -d nullsink.monitor --format=s16le --rate=\(SinkRecording.frameRate) "
                    + "--channels=\(SinkRecording.channels) --raw --latency-msec=20 > '\(file.path)'",
            ], environment: desktop.environment)
        try await Eventually.wait(timeout: .seconds(10), "PulseAudio lists parec's recording stream") {
            let (status, streams) = try await desktop.run("pactl", ["list", "short", "source-outputs"])
            return status == 0 && !streams.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
    }

    deinit { process.stop(grace: 1) }

    /// How many samples are recorded so far: a sound started after this call is heard after
    /// this position.
    public func position() throws -> Int {
        try Data(contentsOf: file).count / MemoryLayout<Int16>.size
    }

    /// Waits (bounded) until the sink has been silent for the last `seconds`, all after
    /// `position`: a sound that started after `position` has ended `seconds` ago.
    public func waitForSilence(after position: Int, seconds: Double, timeout: Duration = .seconds(20)) async throws {
        try await Eventually.wait(timeout: timeout, "\(seconds) s of silence on the null sink") {
            let recording = SinkRecording(try Data(contentsOf: self.file))
            let since = Double((recording.samples.count - position) / SinkRecording.channels)
            return since / Double(SinkRecording.frameRate) >= seconds && recording.trailingSilence >= seconds
        }
    }

    /// Waits (bounded) until a sound was heard after `position` and has ended (`silence`
    /// seconds of silence after it), then stops recording and returns the whole recording.
    /// Throws if nothing is heard.
    public func recordUntilSoundEnds(after position: Int = 0, silence: Double = 1, timeout: Duration = .seconds(20))
        async throws -> SinkRecording
    {
        try await Eventually.wait(timeout: timeout, "a sound that ends, on the null sink") {
            let recording = SinkRecording(try Data(contentsOf: self.file))
            return recording.samples.dropFirst(position).contains { $0 != 0 } && recording.trailingSilence >= silence
        }
        process.send(SIGTERM)
        _ = try await process.wait(timeout: 10)
        return SinkRecording(try Data(contentsOf: file))
    }
}
