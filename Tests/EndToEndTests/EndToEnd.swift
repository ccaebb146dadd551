import Testing

/// Every end-to-end suite is nested here and runs one test at a time: each test starts its own
/// desktop (a bus, Xvfb, a real server) and most click by pixels, which a loaded two-core
/// machine cannot do for many desktops at once (a popup did not settle within 10 s when all
/// suites ran in parallel). The other test targets still run in parallel with them, and so do
/// the suites that click nothing by its pixels (``EndToEndWithoutPixelClicks``) and the sound
/// suites (``EndToEndSound``).
@Suite(.serialized) enum EndToEnd {}
