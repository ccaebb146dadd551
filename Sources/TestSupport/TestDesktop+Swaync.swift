import Foundation

/// SwayNotificationCenter on a headless sway (`test-desktop up swaync`, and `swaync-0.12` from the sid
/// chroot): buttons drawn on the popup, clicked with a Wayland virtual pointer
/// (`test-desktop wl-click`) where `test-desktop swaync-buttons` finds them in a grim
/// screenshot (in 0.7's layout or 0.12's, by the running server). 0.7's swaync-client has no
/// command that invokes an action, so a test's click is the user's, on both.
extension TestDesktop {
    /// Where to click on swaync's newest popup (``waylandTargets(finder:buttons:timeout:)`` with
    /// `swaync-buttons`).
    func swayncTargets(buttons count: Int, timeout: Duration = TestDesktop.popupTimeout) async throws
        -> [String: (x: String, y: String)]
    {
        try await waylandTargets(finder: "swaync-buttons", buttons: count, timeout: timeout)
    }

    /// Where to click on the newest popup of a Wayland server: `body`, `close` and each of
    /// `count` buttons, by the first word of each line `finder` (a `test-desktop` subcommand
    /// that reads a grim screenshot) prints. The pointer is moved off the popups
    /// first (a hovered popup draws differently, and Budgie's stops its timer); waits (bounded)
    /// until a popup is on screen and stands still over two looks (popups fade in and out).
    func waylandTargets(finder: String, buttons count: Int, timeout: Duration) async throws
        -> [String: (x: String, y: String)]
    {
        try await output(Self.harness, ["wl-click", "--move-only", "5", "795"])
        let deadline = ContinuousClock.now + timeout
        var previous = ""
        while true {
            let (status, output) = try await run(Self.harness, [finder, String(count)])
            if status == 0, output == previous { break }
            guard ContinuousClock.now < deadline else {
                throw TestSupportError("no popup standing still within \(timeout) (\(finder)): \(output)")
            }
            previous = status == 0 ? output : ""
            try await Task.sleep(for: .milliseconds(100))
        }
        var targets: [String: (x: String, y: String)] = [:]
        for line in previous.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if words.count == 3 { targets[words[0]] = (words[1], words[2]) }
        }
        return targets
    }

    /// Clicks button `index` (0-based, left to right) of the `count` buttons of swaync's newest
    /// popup with the Wayland pointer.
    public func swayncClickButton(index: Int, of count: Int) async throws {
        guard let button = try await swayncTargets(buttons: count)[String(index)] else {
            throw TestSupportError("swaync-buttons found no button \(index) of \(count)")
        }
        try await output(Self.harness, ["wl-click", button.x, button.y])
    }

    /// Closes swaync's newest popup with its close cross, which swaync draws while the pointer
    /// is over the popup: the pointer goes onto the popup first, then clicks the cross, again
    /// (bounded) until swaync holds one notification fewer: a click that came before the cross
    /// was drawn is known to have missed, not guessed to have landed after a pause.
    public func swayncClose() async throws {
        let before = try await swayncCount()
        let targets = try await swayncTargets(buttons: 0)
        guard let body = targets["body"], let close = targets["close"] else {
            throw TestSupportError("swaync-buttons found no popup to close")
        }
        try await output(Self.harness, ["wl-click", "--move-only", body.x, body.y])
        try await Eventually.wait(timeout: .seconds(20), "swaync's close cross closed the popup") {
            try await self.output(Self.harness, ["wl-click", close.x, close.y])
            return try await self.swayncCount() < before
        }
    }

    /// How many notifications swaync holds (`swaync-client --count`, the running version's own):
    /// its popups and its control center's. The test desktop's popups stay until answered or closed, so it is also how many
    /// are on screen.
    public func swayncCount() async throws -> Int {
        let text = try await output("swaync-client", ["--count"])
        guard let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestSupportError("swaync-client --count printed no number: \(text)")
        }
        return count
    }
}
