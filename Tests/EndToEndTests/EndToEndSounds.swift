import Testing

/// The sound suites are nested here and run one test at a time, beside ``EndToEnd``'s chain:
/// they click nothing, and mostly wait for a sound to be heard and end on a PulseAudio null
/// sink. In one chain with the rest, the sound matrix alone took 190 s of the 780 s that the
/// end-to-end suites took one after another, with the machine's cores mostly idle.
@Suite(.serialized) enum EndToEndSounds {}
