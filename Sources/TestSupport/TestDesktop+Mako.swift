import Foundation

/// mako on a headless sway (`test-desktop up mako`): mako draws no buttons; the user picks an
/// action in mako's own menu (`makoctl menu`) and dismisses with `makoctl dismiss`.
extension TestDesktop {
    /// The file `scripts/desktop/mako-pick` appends every menu `makoctl menu` offered to.
    var makoMenuFile: URL { stateDirectory.appendingPathComponent("mako-pick.menu") }

    /// Chooses the action labelled `label` of notification `id` in mako's own menu:
    /// `makoctl menu -n ID mako-pick FILE LABEL` (mako-pick stands in for dmenu, printing the
    /// line the user would pick). makoctl has invoked the action when this returns.
    public func makoChoose(_ label: String, notification id: UInt32) async throws {
        let (status, _) = try await run(
            "makoctl",
            [
                "menu", "-n", String(id), variables["DESKTOP_MAKO_PICK"] ?? Self.script("mako-pick"),
                makoMenuFile.path, label,
            ])
        guard status == 0 else {
            throw TestSupportError(
                "makoctl menu -n \(id) found no action labelled '\(label)' (\(status)); menus offered: \(makoMenus())")
        }
    }

    /// Every menu `makoctl menu` offered so far, oldest first, each as its lines (action labels).
    public func makoMenus() -> [[String]] {
        // try?: no menu file yet means no menu shown yet
        guard let text = try? String(contentsOf: makoMenuFile, encoding: .utf8) else { return [] }
        return text.components(separatedBy: "---\n").dropLast().map { $0.split(separator: "\n").map(String.init) }
    }

    /// The ids of the notifications mako holds now (`makoctl list`), newest first. mako 1.7's
    /// makoctl prints busctl's JSON (`{"type": "aa{sv}", "data": [[{"id": {"data": N}}]]}`);
    /// 1.11's prints text unless asked for JSON (`-j`, in `DESKTOP_MAKOCTL_JSON`), a plain
    /// array (`[{"id": N}]`).
    public func makoNotifications() async throws -> [UInt32] {
        let json = variables["DESKTOP_MAKOCTL_JSON"].flatMap { $0.isEmpty ? nil : [$0] } ?? []
        let (status, output) = try await run("makoctl", ["list"] + json)
        // try?: output that is not JSON is parsed as mako's plain list below
        let parsed = status == 0 ? try? JSONSerialization.jsonObject(with: Data(output.utf8)) : nil
        if let plain = parsed as? [[String: Any]] {
            return plain.compactMap { ($0["id"] as? NSNumber)?.uint32Value }
        }
        guard let busctl = parsed as? [String: Any], let data = busctl["data"] as? [[[String: Any]]],
            let list = data.first
        else { throw TestSupportError("makoctl list failed (\(status)): \(output)") }
        return list.compactMap { (($0["id"] as? [String: Any])?["data"] as? NSNumber)?.uint32Value }
    }

    /// Dismisses the newest notification as the user's key for `makoctl dismiss` does.
    public func makoDismiss() async throws {
        let (status, _) = try await run("makoctl", ["dismiss"])
        guard status == 0 else { throw TestSupportError("makoctl dismiss failed with \(status)") }
    }

    /// A real click on the newest popup (`test-desktop wl-click`, a Wayland virtual pointer):
    /// mako's stock bindings make a left click invoke `default` and a right click dismiss.
    /// mako stacks popups from the top right corner of the 1280×800 output, 300 pixels wide,
    /// 10 from the edges (its defaults), newest first: (1120, 20) is inside the newest.
    public func makoClick(right: Bool = false) async throws {
        let (status, _) = try await run(
            Self.harness, ["wl-click", "1120", "20"] + (right ? ["--button", "right"] : []))
        guard status == 0 else { throw TestSupportError("wl-click failed with \(status)") }
    }

    /// Saves a PNG of the whole sway output with grim.
    public func grimScreenshot(to url: URL) async throws {
        let (status, _) = try await run("grim", [url.path])
        guard status == 0 else { throw TestSupportError("grim failed with \(status); is grim installed?") }
    }
}

extension TestDesktop {
    /// mako's stock background colour, the colour of every drawn notification.
    public static let makoBackground = "#285577"

    /// Waits (bounded) until mako lists `count` notifications (`makoctl list`), drawn or not.
    public func makoWaitListed(_ count: Int, timeout: Duration = .seconds(10)) async throws {
        try await Eventually.wait(timeout: timeout, "\(count) notification(s) in makoctl list") {
            try await self.makoNotifications().count == count
        }
    }

    /// Waits (bounded) until at least `minimum` pixels of the sway output have mako's background
    /// colour (grim's screenshots, taken until then) and returns how many have then (popups stay:
    /// `default-timeout=0`).
    public func makoPopupPixels(atLeast minimum: Int, timeout: Duration = .seconds(10)) async throws -> Int {
        try await Eventually.wait(timeout: timeout, "\(minimum) pixel(s) of mako's popups on screen") {
            try await self.makoPopupPixels() >= minimum
        }
        return try await makoPopupPixels()
    }

    /// How many pixels of the sway output have mako's background colour now.
    public func makoPopupPixels() async throws -> Int {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("mako-\(UUID().uuidString).png")
        // try?: a screenshot left behind is removed with the test's state folder
        defer { try? FileManager.default.removeItem(at: shot) }
        try await grimScreenshot(to: shot)
        return try await colourCounts(in: shot)[Self.makoBackground] ?? 0
    }
}
