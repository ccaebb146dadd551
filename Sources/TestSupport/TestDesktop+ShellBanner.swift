import Foundation

/// GNOME Shell's banner whoever sent it, read and clicked inside the shell through
/// `org.gnome.Shell.Eval` (see ``TestDesktop/shellEval(_:)``).
extension TestDesktop {
    /// The banner on screen now, nil when there is none.
    public func shellBanner() async throws -> ShellBanner? {
        let reply = try await shellEval(
            """
            (() => { const b = Main.messageTray._banner, n = b?.notification; if (!n) return 'none';
              return JSON.stringify({title: n.title ?? '', body: n.body ?? '', source: n.source?.title ?? '',
                app: (n.source?._app ?? n.source?.app)?.get_id?.() ?? null,
                buttons: b._buttonBox.get_children().map(c => c.label)}); })()
            """)
        let inner = try JSONDecoder().decode(String.self, from: Data(reply.utf8))
        if inner == "none" { return nil }
        return try JSONDecoder().decode(ShellBanner.self, from: Data(inner.utf8))
    }

    /// Waits (bounded) until the banner on screen is one `matching` accepts, and returns it.
    public func shellWaitBanner(
        timeout: Duration = TestPatience.event, matching: (ShellBanner) -> Bool
    ) async throws -> ShellBanner {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last: ShellBanner?
        while true {
            last = try await shellBanner()
            if let banner = last, matching(banner) { return banner }
            guard clock.now < deadline else {
                throw TestSupportError("GNOME Shell's banner after \(timeout): \(String(describing: last))")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// The user clicks the button labelled `label` on the banner on screen, titled `title`:
    /// the button emits `clicked`, as a pointer click on it does (see
    /// ``shellClick(notification:label:timeout:)``).
    public func shellClickBanner(titled title: String, button label: String) async throws {
        let reply = try await shellEval(
            """
            (() => { const b = Main.messageTray._banner, n = b?.notification;
              if (!n) return 'no banner on screen';
              if (n.title !== \(try Self.literal(title))) return 'the banner on screen is ' + n.title;
              const button = b._buttonBox.get_children().find(c => c.label === \(try Self.literal(label)));
              if (!button) return 'no button ' + \(try Self.literal(label)) + ' on the banner';
              button.emit('clicked', 1); return 'clicked'; })()
            """)
        guard reply == "\"clicked\"" else { throw TestSupportError("GNOME Shell: \(reply)") }
    }
}
