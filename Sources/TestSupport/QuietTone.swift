import Foundation

/// A short, quiet sine tone as a WAV file: a marker sound that a notification's own sound,
/// played by mistake, outweighs many times over on the null sink.
public enum QuietTone {
    /// The tone's frequency in Hz: ``SinkRecording/toneEnergy(frequency:window:)`` tells it from
    /// any other sound.
    public static let frequency = 440.0

    /// Writes 0.3 s of 440 Hz at 1 % of full scale, 16-bit stereo at 44 100 Hz, to `url`.
    public static func write(to url: URL) throws {
        let rate = SinkRecording.frameRate
        let frames = rate * 3 / 10
        var samples = Data()
        for frame in 0..<frames {
            let value = Int16(327 * sin(2 * Double.pi * frequency * Double(frame) / Double(rate)))
            for _ in 0..<SinkRecording.channels {
                withUnsafeBytes(of: value.littleEndian) { samples.append(contentsOf: $0) }
            }
        }
        var wav = Data("RIFF".utf8)
        append(UInt32(36 + samples.count), to: &wav)
        wav.append(contentsOf: Data("WAVEfmt ".utf8))
        append(UInt32(16), to: &wav)
        append(UInt16(1), to: &wav)  // PCM
        append(UInt16(SinkRecording.channels), to: &wav)
        append(UInt32(rate), to: &wav)
        append(UInt32(rate * SinkRecording.channels * 2), to: &wav)
        append(UInt16(SinkRecording.channels * 2), to: &wav)
        append(UInt16(16), to: &wav)
        wav.append(contentsOf: Data("data".utf8))
        append(UInt32(samples.count), to: &wav)
        wav.append(samples)
        try wav.write(to: url)
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
}
