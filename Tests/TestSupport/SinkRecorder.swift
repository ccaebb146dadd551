import Foundation

/// A recording of a test desktop's PulseAudio null sink (its monitor, with `parec`), in place
/// once PulseAudio lists the recording stream, so a sound played after `init` returns is in it.
/// The desktop must have been started with `DESKTOP_PULSE=1`.
public final class SinkRecorder: Sendable {
    private let process: ChildProcess
    private let file: URL

    /// Starts recording `seconds` of the sink into `file` and waits (bounded) until it records.
    public init(desktop: TestDesktop, file: URL, seconds: Int = 4) async throws {
        self.file = file
        process = try ChildProcess("/bin/sh", [
            "-c", "exec timeout \(seconds) parec -d nullsink.monitor --format=s16le --rate=44100 --channels=2 --raw "
                + "--latency-msec=20 > '\(file.path)'",
        ], environment: desktop.environment)
        try await Eventually.wait(timeout: .seconds(10), "PulseAudio lists parec's recording stream") {
            let (status, streams) = try await desktop.run("pactl", ["list", "short", "source-outputs"])
            return status == 0 && !streams.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
    }

    /// Waits (bounded) for the recording to end; true when any sample is not silence.
    public func heardSound() async throws -> Bool {
        _ = try await process.wait(timeout: 20)
        let data = try Data(contentsOf: file)
        guard data.count > 44_100 else { throw TestSupportError("parec recorded only \(data.count) bytes") }
        return data.withUnsafeBytes { raw in raw.bindMemory(to: Int16.self).contains { $0 != 0 } }
    }
}
