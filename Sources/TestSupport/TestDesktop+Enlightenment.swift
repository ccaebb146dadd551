import Foundation

/// Enlightenment 0.25 on Xvfb (`test-desktop up enlightenment`): its popups are drawn inside its
/// compositor canvas, no X windows, so `test-desktop e-popups` finds them in a screenshot.
/// E draws no buttons; the user closes a popup with its close cross (xdotool).
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
        let deadline = ContinuousClock.now + timeout
        var previous: [String] = []
        while true {
            let now = try await enlightenmentPopups()
            if !now.isEmpty, now == previous { break }
            guard ContinuousClock.now < deadline else {
                throw TestSupportError("no Enlightenment popup standing still within \(timeout): \(now)")
            }
            previous = now
            try await Task.sleep(for: .milliseconds(100))
        }
        let shown = previous.count
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
}
