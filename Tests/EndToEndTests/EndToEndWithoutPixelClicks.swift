import Testing

/// The end-to-end suites that find nothing on screen by its pixels are nested here, and run
/// one test at a time, beside ``EndToEnd``'s chain and ``EndToEndSound``'s: the suites whose
/// clicks the server makes itself (dunst's and mako's menus, GNOME Shell's banner buttons
/// pressed inside the shell) or that click nothing (do-not-disturb, push, settings,
/// notify-osd). In one chain with the rest, the end-to-end suites took 780 s one after another,
/// with the machine's two cores mostly idle once the other test targets were done.
@Suite(.serialized) enum EndToEndWithoutPixelClicks {}
