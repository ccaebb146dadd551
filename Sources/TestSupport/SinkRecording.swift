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

    /// A recording of these interleaved stereo samples.
    public init(samples: [Int16]) {
        self.samples = samples
    }

    /// Whether any sample is not silence.
    public var heardSound: Bool { samples.contains { $0 != 0 } }

    /// The sum of the squared samples: two sounds, even overlapping, have about twice one's.
    public var energy: Double { samples.reduce(0) { $0 + Double($1) * Double($1) } }

    /// The energy of a sine tone of `frequency` Hz in the recording, and the energy of everything
    /// else: each channel is cut into windows of `window` frames (10 ms), and in each window the
    /// sine of that frequency that fits the samples best (least squares, any phase and amplitude)
    /// is the tone; what it leaves is foreign. A pure tone leaves nearly nothing (the windows
    /// where it starts and stops), any other sound nearly all its energy.
    public func toneEnergy(frequency: Double, window: Int = frameRate / 100) -> (tone: Double, foreign: Double) {
        let frames = samples.count / Self.channels
        let step = 2 * Double.pi * frequency / Double(Self.frameRate)
        var tone = 0.0
        var foreign = 0.0
        for channel in 0..<Self.channels {
            for start in stride(from: 0, to: frames, by: window) {
                var (xs, xc, ss, cc, sc, xx) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
                for frame in start..<min(start + window, frames) {
                    let x = Double(samples[frame * Self.channels + channel])
                    let (s, c) = (sin(step * Double(frame)), cos(step * Double(frame)))
                    xs += x * s
                    xc += x * c
                    ss += s * s
                    cc += c * c
                    sc += s * c
                    xx += x * x
                }
                // The projection of the window on the plane of sin and cos: solve the 2×2 system.
                let determinant = ss * cc - sc * sc
                let fitted =
                    determinant > 1e-9
                    ? max(0, min(xx, (cc * xs * xs - 2 * sc * xs * xc + ss * xc * xc) / determinant)) : 0
                tone += fitted
                foreign += xx - fitted
            }
        }
        return (tone, foreign)
    }

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
