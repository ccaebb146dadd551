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

    /// When nothing but the marker plays, 0.000003 markers of other sound was measured on every
    /// server, 0.003 on gnome-shell (which plays the marker's file itself, 1.75 markers loud in
    /// all: the loudness alone once took that for a second sound). A notification's sound
    /// played by mistake adds 7 to 13 markers of other sound (the default sound measured on
    /// dunst 7.0, plasma 7.4, xfce4-notifyd 7.5, mate 13.3). One marker is far from both.
    public static let foreignBound = 1.0

    /// Only the marker was heard: one sound, with less than ``foreignBound`` of any other sound.
    public var onlyTheMarker: Bool { count == 1 && foreign < Self.foreignBound }

    public var description: String {
        "heard \(count) sound(s), \(foreign) markers of sound other than the marker's tone, \(markers) markers in all"
    }
}
