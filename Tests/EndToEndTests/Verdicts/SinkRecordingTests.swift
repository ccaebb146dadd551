import Foundation
import Testing
import TestSupport

/// `SinkRecording`, on which every sound verdict of the end-to-end suites rests, on recordings
/// made here: silence, the marker tone once and twice, and the marker with another sound on top.
@Suite struct SinkRecordingTests {
    /// One sound of a synthesized recording: a sine of `frequency` Hz, `amplitude` in sample
    /// units, from `start` for `duration` seconds.
    struct Tone {
        var frequency = QuietTone.frequency
        var amplitude = 327.0
        var start: Double
        var duration = 0.3
    }

    /// `seconds` of stereo recording at the sink's rate holding `tones` (summed where they overlap).
    private func recording(_ seconds: Double, _ tones: [Tone]) -> SinkRecording {
        let frames = Int(seconds * Double(SinkRecording.frameRate))
        var mono = [Double](repeating: 0, count: frames)
        for tone in tones {
            let first = Int(tone.start * Double(SinkRecording.frameRate))
            let count = Int(tone.duration * Double(SinkRecording.frameRate))
            for frame in first..<min(frames, first + count) {
                mono[frame] +=
                    tone.amplitude
                    * sin(2 * .pi * tone.frequency * Double(frame - first) / Double(SinkRecording.frameRate))
            }
        }
        return SinkRecording(samples: mono.flatMap { Array(repeating: Int16($0.rounded(.towardZero)), count: 2) })
    }

    @Test func silenceIsNoSound() {
        let silence = recording(2, [])
        #expect(!silence.heardSound)
        #expect(silence.soundCount == 0)
        #expect(silence.energy == 0)
        #expect(silence.trailingSilence == 2)
        let energy = silence.toneEnergy(frequency: QuietTone.frequency)
        #expect(energy.tone == 0 && energy.foreign == 0)
    }

    @Test func oneMarkerIsOneSoundOfTheMarkersToneAlone() {
        let one = recording(2, [Tone(start: 0.5)])
        #expect(one.heardSound)
        #expect(one.soundCount == 1)
        #expect(abs(one.trailingSilence - 1.2) < 0.01, "\(one.trailingSilence)")
        let energy = one.toneEnergy(frequency: QuietTone.frequency)
        // Only the two windows where the tone starts and stops are not all tone.
        #expect(energy.foreign / energy.tone < 0.05, "\(energy)")
        #expect(abs(energy.tone + energy.foreign - one.energy) < 1e-6 * one.energy)
    }

    @Test func twoMarkersAreTwoSoundsWithTwiceTheEnergy() {
        let one = recording(2, [Tone(start: 0.5)])
        let two = recording(2, [Tone(start: 0.5), Tone(start: 1.1)])
        #expect(two.soundCount == 2)
        #expect(abs(two.energy / one.energy - 2) < 0.01, "\(two.energy / one.energy)")
        let energy = two.toneEnergy(frequency: QuietTone.frequency)
        #expect(energy.foreign / energy.tone < 0.05, "\(energy)")
    }

    /// Sounds less than `SinkRecording.gap` apart are heard as one; overlapping ones too.
    @Test func soundsCloserThanTheGapAreOne() {
        #expect(recording(2, [Tone(start: 0.5), Tone(start: 0.9)]).soundCount == 1)
        #expect(recording(2, [Tone(start: 0.5), Tone(start: 1.05)]).soundCount == 2)
        #expect(recording(2, [Tone(start: 0.5), Tone(frequency: 660, start: 0.6)]).soundCount == 1)
    }

    /// Another sound on top of the marker, as loud as a notification's sound played by
    /// mistake (1.4 markers' energy), is told apart by its foreign energy, though overlapping
    /// sounds count as one.
    @Test func anotherSoundOnTheMarkerIsForeign() {
        let marker = recording(2, [Tone(start: 0.5)])
        let markerEnergy = marker.energy
        for frequency in [330.0, 660, 1000] {
            // A tone of 0.5 s with 1.4 times the marker's energy.
            let amplitude = 327 * (1.4 * 0.3 / 0.5).squareRoot()
            let both = recording(
                2, [Tone(start: 0.5), Tone(frequency: frequency, amplitude: amplitude, start: 0.45, duration: 0.5)])
            #expect(both.soundCount == 1)
            let energy = both.toneEnergy(frequency: QuietTone.frequency)
            let foreign = energy.foreign / energy.tone
            #expect(abs(foreign - 1.4) < 0.1, "\(frequency) Hz: \(foreign) markers of foreign sound")
            #expect(abs(energy.tone / markerEnergy - 1) < 0.05, "\(frequency) Hz: the marker's own tone")
        }
    }

    /// The verdict of an absence check: the marker alone, or louder (GNOME Shell plays the
    /// marker's file itself: 1.75 markers were measured), is only the marker; a second sound
    /// apart from it, or another sound on top of it, is not.
    @Test func onlyTheMarkerIsToldFromAnythingMore() {
        let marker = recording(2, [Tone(start: 0.5)])
        #expect(HeardSounds(marker, marker: marker).onlyTheMarker)
        #expect(HeardSounds(marker, marker: marker).foreign < 0.05)
        let louder = HeardSounds(recording(2, [Tone(amplitude: 327 * 1.75.squareRoot(), start: 0.5)]), marker: marker)
        #expect(abs(louder.markers - 1.75) < 0.02 && louder.onlyTheMarker, "\(louder)")
        let twice = HeardSounds(recording(2, [Tone(start: 0.5), Tone(start: 1.1)]), marker: marker)
        #expect(twice.count == 2 && !twice.onlyTheMarker, "\(twice)")
        // A notification sound the agent plays by mistake over the marker: 7 markers of other sound.
        let amplitude = 327 * 7.0.squareRoot()
        let covered = HeardSounds(
            recording(2, [Tone(start: 0.5), Tone(frequency: 660, amplitude: amplitude, start: 0.4)]), marker: marker)
        #expect(covered.count == 1 && !covered.onlyTheMarker, "\(covered)")
        #expect(abs(covered.foreign - 7) < 0.5, "\(covered)")
    }

    /// The marker as `QuietTone` writes it, read back as the sink's raw samples: its tone is the
    /// frequency the analysis looks for.
    @Test func theQuietToneFileIsTheMarkerTone() throws {
        let directory = try TemporaryDirectory("unotify-quiet-tone")
        let file = directory.url.appendingPathComponent("tone.wav")
        try QuietTone.write(to: file)
        let wav = try Data(contentsOf: file)
        #expect(wav.prefix(4) == Data("RIFF".utf8) && wav.count == 44 + Int(0.3 * 44_100) * 4)
        let tone = SinkRecording(wav.dropFirst(44))
        #expect(tone.soundCount == 1)
        let energy = tone.toneEnergy(frequency: QuietTone.frequency)
        #expect(energy.foreign / energy.tone < 0.05, "\(energy)")
        let other = tone.toneEnergy(frequency: 2 * QuietTone.frequency)
        #expect(other.foreign / other.tone > 10, "\(other)")
    }
}
