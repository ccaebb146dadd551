import FreedesktopNotifications
import Testing

/// awesome 4.3's rows of the server table ("naughty" by "awesome", measured on Debian 12).
@Suite struct ServerProfileAwesomeTests {
    static let awesome = ServerProfileTests.profile(
        "naughty", "awesome", ["body", "body-markup", "icon-static", "actions"])

    @Test func aLinkIsSentAsItsTextBecauseALinkMakesTheWholeBodyRaw() {
        let body = #"See <b>the</b> <a href="https://example.org/a?b=1&amp;c=2">docs</a> &amp; more"#
        #expect(Self.awesome.displayableBody(body) == "See <b>the</b> docs &amp; more")
        #expect(ServerProfileTests.profile("dunst", "knopwob", ["body-markup"]).displayableBody(body) == body)
    }

    @Test func repeatedActionTitlesAreNumberedThere() {
        #expect(Self.awesome.keysActionsByTitle)
        #expect(!ServerProfileTests.profile("dunst", "knopwob", ["actions"]).keysActionsByTitle)
    }
}
