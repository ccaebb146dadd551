import Foundation

/// Phosh 0.58 on its headless phoc (`test-desktop up phosh`): its banner, read from a grim
/// screenshot by `test-desktop phosh-buttons` and clicked with a Wayland virtual pointer
/// (`test-desktop wl-click`) in the output's 360x720 layout, as a user taps it.
extension TestDesktop {
    /// Phosh's output, in logical pixels.
    static let phoshExtent = "360x720"

    /// Clicks button `index` (0-based, left to right) of the `count` buttons of Phosh's banner.
    public func phoshClickButton(index: Int, of count: Int) async throws {
        guard
            let button = try await waylandTargets(finder: "phosh-buttons", buttons: count, timeout: Self.popupTimeout)[
                String(index)]
        else {
            throw TestSupportError("phosh-buttons found no button \(index) of \(count)")
        }
        try await output(Self.harness, ["wl-click", button.x, button.y, "--extent", Self.phoshExtent])
    }

    /// Clicks the summary line of Phosh's banner (the `default` action, where there is one).
    public func phoshClickBody() async throws {
        guard
            let body = try await waylandTargets(finder: "phosh-buttons", buttons: 0, timeout: Self.popupTimeout)["body"]
        else {
            throw TestSupportError("phosh-buttons found no banner")
        }
        try await output(Self.harness, ["wl-click", body.x, body.y, "--extent", Self.phoshExtent])
    }

    /// Swipes Phosh's banner away, as a phone user does (it has no close button): a drag with the
    /// Wayland pointer from the banner's left part to the output's right edge, across its summary
    /// line. Swiped again (bounded) while the banner is still there: a swipe that phosh read as
    /// one jump (GTK merges the moves it finds queued) is no swipe, and the banner stays.
    public func phoshSwipeAway() async throws {
        guard
            let body = try await waylandTargets(finder: "phosh-buttons", buttons: 0, timeout: Self.popupTimeout)["body"]
        else {
            throw TestSupportError("phosh-buttons found no banner")
        }
        let deadline = ContinuousClock.now + Self.popupTimeout
        while true {
            try await output(
                Self.harness, ["wl-click", "30", body.y, "--extent", Self.phoshExtent, "--drag-to", "350", body.y])
            do {
                try await Eventually.wait(timeout: .seconds(3), "Phosh's banner swiped away") {
                    try await self.phoshBannerCount() == 0
                }
                return
            } catch {
                guard ContinuousClock.now < deadline else { throw error }
            }
        }
    }

    /// How many banners Phosh shows now (1 or 0: it shows one at a time).
    public func phoshBannerCount() async throws -> Int {
        let (_, output) = try await run(Self.harness, ["phosh-buttons"])
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("banners ") }),
            let count = Int(line.dropFirst("banners ".count))
        else {
            throw TestSupportError("phosh-buttons printed no count of banners: \(output)")
        }
        return count
    }
}
