import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Markup on every real server (all of them read `body-markup`): an app's text is escaped so
    /// it shows as typed, while `unotify send` without `--app` passes markup through as
    /// notify-send does.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct MarkupMatrixTests {
        @Test(arguments: MatrixServer.all)
        func anAppsTextIsEscapedAndPlainSendKeepsMarkup(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            let app = "org.example.Chat"
            try await session.allow(app)
            #expect(try await session.unotify(["send", "--app", app, "Tom & Jerry", "<b>Tom</b> & Jerry"]).status == 0)
            #expect(try await session.unotify(["send", "Markup", "<b>bold</b> &amp; plain"]).status == 0)
            // The plain send posts without waiting for an answer (no -p), so it gets none.
            let calls = try await session.monitor.waitForNotify(count: 2, answered: false)
            #expect(calls[0].summary == "Tom & Jerry", "the summary is never markup (spec)")
            #expect(calls[0].body == "&lt;b&gt;Tom&lt;/b&gt; &amp; Jerry")
            #expect(calls[1].body == "<b>bold</b> &amp; plain")
            #expect((calls[0].returnedID ?? 0) > 0, "shown as a notification")
            if server.family == "dunst" { try await session.waitForShown(2) }  // dunst counts what it shows
            // A link: kept, or, where it would make the whole body raw text (awesome), sent as its text.
            let link = #"<a href="https://example.org/tea">Tea</a> is ready"#
            #expect(try await session.unotify(["send", "Link", link]).status == 0)
            let linkCall = try await session.monitor.waitForNotify(count: 3, answered: false)[2]
            #expect(linkCall.body == (server.showsLinksAsRawText ? "Tea is ready" : link))
        }
    }
}
