import Foundation

/// What ``SinkRecorder`` recorded: 16-bit stereo samples at 44 100 Hz from a null sink, where
/// silence is exactly zero.
public struct SinkRecording: Sendable {
    public static let frameRate = 44_100
    /// Samples per frame (stereo).
    public static let channels = 2
    /// Silence this long separates two sounds.
    public static let gap = 0.2

    public let samples: [Int16]

    public init(_ data: Data) {
        samples = data.withUnsafeBytes { raw in Array(raw.bindMemory(to: Int16.self)) }
    }

    /// Whether any sample is not silence.
    public var heardSound: Bool { samples.contains { $0 != 0 } }

    /// The sum of the squared samples: two sounds, even overlapping, have about twice one's.
    public var energy: Double { samples.reduce(0) { $0 + Double($1) * Double($1) } }

    /// The sounds heard, as runs of frames separated by at least ``gap`` seconds of silence.
    public var soundCount: Int {
        let gapFrames = Int(Self.gap * Double(Self.frameRate))
        var count = 0
        var silentFrames = gapFrames
        for frame in 0..<(samples.count / Self.channels) {
            let start = frame * Self.channels
            if samples[start..<(start + Self.channels)].allSatisfy({ $0 == 0 }) {
                silentFrames += 1
            } else {
                if silentFrames >= gapFrames { count += 1 }
                silentFrames = 0
            }
        }
        return count
    }

    /// Seconds of silence at the end (all of it when nothing was heard).
    public var trailingSilence: Double {
        let silent = samples.reversed().prefix { $0 == 0 }.count
        return Double(silent / Self.channels) / Double(Self.frameRate)
    }
}
