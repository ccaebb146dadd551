import Foundation

/// Budgie 10.10's budgie-daemon on a headless labwc (`test-desktop up budgie-10.10`): layer-shell
/// popups, read from a grim screenshot by `test-desktop budgie-buttons` and clicked with a
/// Wayland virtual pointer (`test-desktop wl-click`), as a user clicks them.
extension TestDesktop {
    /// Where to click on Budgie's newest popup (``waylandTargets(finder:buttons:timeout:)`` with
    /// `budgie-buttons`).
    func budgieTargets(buttons count: Int, timeout: Duration = TestDesktop.popupTimeout) async throws
        -> [String: (x: String, y: String)]
    {
        try await waylandTargets(finder: "budgie-buttons", buttons: count, timeout: timeout)
    }

    /// Clicks button `index` (0-based, left to right) of the `count` buttons of Budgie's newest
    /// popup, then moves the pointer off the popups.
    public func budgieClickButton(index: Int, of count: Int) async throws {
        guard let button = try await budgieTargets(buttons: count)[String(index)] else {
            throw TestSupportError("budgie-buttons found no button \(index) of \(count)")
        }
        try await output(Self.harness, ["wl-click", button.x, button.y])
        try await output(Self.harness, ["wl-click", "--move-only", "5", "795"])
    }

    /// Closes Budgie's newest popup with its round close button (drawn on every popup).
    public func budgieClose() async throws {
        guard let close = try await budgieTargets(buttons: 0)["close"] else {
            throw TestSupportError("budgie-buttons found no popup to close")
        }
        try await output(Self.harness, ["wl-click", close.x, close.y])
        try await output(Self.harness, ["wl-click", "--move-only", "5", "795"])
    }

    /// How many popups Budgie shows now (the cards in a screenshot; 0 when none).
    public func budgiePopupCount() async throws -> Int {
        let (_, output) = try await run(Self.harness, ["budgie-buttons"])
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("cards ") }),
            let count = Int(line.dropFirst("cards ".count))
        else {
            throw TestSupportError("budgie-buttons printed no count of popups: \(output)")
        }
        return count
    }
}
