import Testing

/// The sound suites are nested here, and run one test at a time in a third chain, beside
/// ``EndToEnd`` and ``EndToEndWithoutPixelClicks``: each test has its own PulseAudio null sink
/// and mostly waits for a sound to be heard or to end, which leaves the cores to the other
/// chains. In ``EndToEndWithoutPixelClicks``'s chain they made it the longest part of a run
/// (995 s one test after another, 369 s of them sound, while ``EndToEnd``'s chain was done after
/// 582 s).
@Suite(.serialized) enum EndToEndSound {}
