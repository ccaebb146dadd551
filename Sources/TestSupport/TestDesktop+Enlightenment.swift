import Foundation

/// Enlightenment on Xvfb (`test-desktop up enlightenment`, `enlightenment-0.27`): its popups are
/// drawn inside its compositor canvas, no X windows, so `test-desktop e-popups` finds them in a
/// screenshot. 0.25 draws no buttons, 0.27 draws actions as labels under the body; the user
/// closes a popup with its close cross (xdotool).
extension TestDesktop {
    /// "X Y W H" of each of E's popups on screen, top to bottom (the newest last).
    public func enlightenmentPopups() async throws -> [String] {
        try await output(Self.harness, ["e-popups"]).split(separator: "\n")
            .filter { $0.hasPrefix("popup ") }.map { String($0.dropFirst("popup ".count)) }
    }

    /// Clicks the close cross of E's newest popup with xdotool, once the popups stand still over
    /// two looks (E slides the others up when one leaves), and again (bounded) until E shows
    /// one popup fewer: on a loaded machine a click can come before E takes input on the popup
    /// it has drawn, and is then known to have missed rather than taken to have landed.
    public func enlightenmentClose(timeout: Duration = TestDesktop.popupTimeout) async throws {
        let shown = try await enlightenmentPopupsStandingStill(timeout: timeout).count
        let clickDeadline = ContinuousClock.now + .seconds(30)
        while true {
            let text = try await output(Self.harness, ["e-popups", "--close"])
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("close ") }) else {
                if try await enlightenmentPopups().count < shown { return }  // closed meanwhile
                throw TestSupportError("e-popups found no close cross: \(text)")
            }
            let words = line.split(separator: " ").map(String.init)
            try await click(x: words[1], y: words[2])
            do {
                try await Eventually.wait(timeout: .seconds(3), "Enlightenment shows one popup fewer") {
                    try await self.enlightenmentPopups().count < shown
                }
                return
            } catch let error as TestSupportError {
                guard ContinuousClock.now < clickDeadline else { throw error }  // else: click again
            }
        }
    }

    /// Clicks label `index` (0-based, left to right) of the `count` that E 0.27 draws under the
    /// newest popup's body, with xdotool, once the popups stand still over two looks (the new
    /// one may still be sliding in). One click: whether it landed is for the caller to see
    /// (``MatrixSession/answer(_:button:of:notifyCount:)`` waits for `ActionInvoked`).
    public func enlightenmentClickButton(index: Int, of count: Int, timeout: Duration = TestDesktop.popupTimeout)
        async throws
    {
        _ = try await enlightenmentPopupsStandingStill(timeout: timeout)
        let text = try await output(Self.harness, ["e-popups", "--buttons", String(count)])
        let buttons = text.split(separator: "\n").filter { $0.hasPrefix("button ") }
            .map { $0.split(separator: " ").map(String.init) }
        guard buttons.count == count, index < count, buttons[index].count == 3 else {
            throw TestSupportError("e-popups found no button \(index) of \(count): \(text)")
        }
        try await click(x: buttons[index][1], y: buttons[index][2])
    }

    /// E's popups once the same non-empty list was seen twice in a row, 100 ms apart (E slides
    /// the others when one comes or leaves); throws after `timeout`.
    private func enlightenmentPopupsStandingStill(timeout: Duration) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        var previous: [String] = []
        while true {
            let now = try await enlightenmentPopups()
            if !now.isEmpty, now == previous { return now }
            guard ContinuousClock.now < deadline else {
                throw TestSupportError("no Enlightenment popup standing still within \(timeout): \(now)")
            }
            previous = now
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
