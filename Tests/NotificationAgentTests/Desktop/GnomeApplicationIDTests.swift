import Testing

@testable import NotificationAgent

/// The id GNOME keeps an app's notification settings under: GNOME Shell's `_canonicalizeId`.
@Suite("Desktop: GNOME's application id")
struct GnomeApplicationIDTests {
    @Test(arguments: [
        ("org.example.Tea", "org-example-tea"),
        ("org.example.Tea.desktop", "org-example-tea"),
        ("org.gnome.Nautilus", "org-gnome-nautilus"),
        ("local.my_tool", "local-my-tool"),
        ("a..b", "a-b"), ("a--b", "a-b"), ("a-.-b", "a-b"),
        ("-lead", "-lead"), ("trail.", "trail-"),
        ("Caf\u{E9}", "caf-"), ("\u{212A}elvin", "kelvin"), ("\u{130}stanbul", "i-stanbul"),
        ("x\u{1F375}y", "x-y"),
    ])
    func asGnomeShellMakesIt(desktopID: String, expected: String) {
        #expect(GnomeApplicationID.canonical(desktopID) == expected)
    }

    /// No ASCII letter or digit: GNOME Shell would make `-` of each (日本, 中文, `_` and `...` alike),
    /// one switch for all of them, so GNOME has no name for such an app.
    @Test(arguments: ["", ".desktop", "...", "_", "-", "\u{65E5}\u{672C}", "\u{4E2D}\u{6587}", "\u{1F375}"])
    func noLetterOrDigitIsNoID(desktopID: String) {
        #expect(GnomeApplicationID.canonical(desktopID) == nil)
    }

    @Test func onlyACanonicalIDHasAPath() {
        #expect(
            GnomeApplicationID.path(for: "org-example-tea")
                == "/org/gnome/desktop/notifications/application/org-example-tea/")
        for bad in ["", "Org", "a/b", "a.b", "a b", "a\u{0}b", String(repeating: "a", count: 1025)] {
            #expect(GnomeApplicationID.path(for: bad) == nil, "\(bad)")
        }
    }
}
