/// What an absence check for sound heard (``MatrixSession/soundsHeard(before:)``): the sounds up
/// to the end of the marker tone that closes it, measured against the marker played alone.
public struct HeardSounds: Sendable, CustomStringConvertible {
    /// Runs of sound separated by ``SinkRecording/gap`` of silence (overlapping sounds are one).
    public let count: Int
    /// The recording's energy, in markers (the marker played alone).
    public let markers: Double
    /// The energy of everything but the marker's tone, in markers.
    public let foreign: Double

    /// What `recording` holds, measured against `marker`, a recording of the marker alone.
    public init(_ recording: SinkRecording, marker: SinkRecording) {
        count = recording.soundCount
        markers = recording.energy / marker.energy
        foreign = recording.toneEnergy(frequency: QuietTone.frequency).foreign / marker.energy
    }

    /// Measured on the nine servers of the matrix, "Quiet" sent with the sound off, then with it
    /// left on by mistake. Silence: one sound, 0.004 to 0.019 markers of other sound (the
    /// windows where the marker starts and stops), 1.0 to 1.42 markers in all (the loudness
    /// alone once took gnome-shell's 1.75 for a second sound). The sound played by mistake:
    /// two sounds on every server (the marker waits until it has ended), 7.0 markers of other
    /// sound where the agent plays it, 13.1 on gnome-shell, but only 0.24 to 1.8 on mate (which
    /// plays it itself, cut short and mostly near the marker's pitch): there the count tells.
    /// The bound catches a sound that overlaps the marker.
    public static let foreignBound = 1.0

    /// Only the marker was heard: one sound, with less than ``foreignBound`` of any other sound.
    public var onlyTheMarker: Bool { count == 1 && foreign < Self.foreignBound }

    /// The three figures, for a failure's message.
    public var description: String {
        "heard \(count) sound(s), \(foreign) markers of sound other than the marker's tone, \(markers) markers in all"
    }
}
