import Foundation

/// A private headless desktop with a real notification server, started by the project's own
/// `test-desktop up` (bus, Xvfb, server; the `DesktopHarness` module) and stopped by
/// `test-desktop down`.
///
/// A missing server, Xvfb or bus is a failure, never a skip.
public final class TestDesktop: @unchecked Sendable {
    public let server: String
    public let stateDirectory: URL
    /// `DBUS_SESSION_BUS_ADDRESS`, `DISPLAY` and the rest, as `test-desktop up` wrote them.
    public let variables: [String: String]
    private let stopping = NSLock()
    private var stopped = false

    /// Starts `server` (`dunst`, `xfce4-notifyd`, …) and waits until it owns the name.
    ///
    /// - Parameters:
    ///   - timeout: how long the whole `test-desktop up` may take; longer than its own 45 s a
    ///     step, so that a step too slow fails with the harness's message and logs.
    ///   - environment: extra variables for `test-desktop up`, e.g. `["DESKTOP_PULSE": "1"]`.
    ///   - directory: where its state directory is made (default: the temporary directory).
    public init(
        server: String, timeout: TimeInterval = 150, environment extra: [String: String] = [:],
        directory: URL = FileManager.default.temporaryDirectory
    ) async throws {
        self.server = server
        stateDirectory = directory.appendingPathComponent("unotify-desktop-\(UUID().uuidString.prefix(8))")
        let upEnvironment = extra.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let up = try ChildProcess(Self.harness, ["up", server, stateDirectory.path], environment: upEnvironment)
        let status = try await up.wait(timeout: timeout)
        guard status == 0 else {
            throw TestSupportError("test-desktop up \(server) failed (\(status)): \(up.standardError)")
        }
        let plain = try String(contentsOf: stateDirectory.appendingPathComponent("env.plain"), encoding: .utf8)
        var variables: [String: String] = [:]
        for line in plain.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            variables[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        self.variables = variables
        guard variables["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty == false else {
            throw TestSupportError("test-desktop up wrote no bus address in \(stateDirectory.path)")
        }
    }

    deinit { stop() }

    /// Stops exactly what `test-desktop up` started (once: later calls do nothing).
    public func stop() {
        guard
            stopping.withLock({ () -> Bool in
                defer { stopped = true }
                return !stopped
            })
        else { return }
        // try?: stopping in deinit: the desktop's processes die with their private bus anyway
        guard let down = try? ChildProcess(Self.harness, ["down", stateDirectory.path]) else { return }
        // try?: bounded; a `test-desktop down` that fails leaves processes its next start kills
        _ = try? down.waitBlocking(timeout: 30)
        // try?: a state folder left behind is removed with the system's /tmp
        try? FileManager.default.removeItem(at: stateDirectory)
    }

    public var busAddress: String { variables["DBUS_SESSION_BUS_ADDRESS"] ?? "" }

    /// The environment of a process that runs on this desktop.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in variables where !value.isEmpty { environment[key] = value }
        return environment
    }

    /// Runs a tool (dunstctl, xdotool, import) on this desktop; returns its exit code and stdout.
    public func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 20) async throws -> (
        Int32, String
    ) {
        let (status, output, _) = try await capture(executable, arguments, timeout: timeout)
        return (status, output)
    }

    /// Runs a tool on this desktop and returns its stdout; throws, with its exit code and stderr,
    /// unless it exits 0: the empty output of a tool that failed is no answer.
    @discardableResult
    public func output(_ executable: String, _ arguments: [String], timeout: TimeInterval = 20) async throws
        -> String
    {
        let (status, output, errors) = try await capture(executable, arguments, timeout: timeout)
        guard status == 0 else {
            throw TestSupportError("\(executable) \(arguments.joined(separator: " ")) exited \(status): \(errors)")
        }
        return output
    }

    /// Runs a tool on this desktop; returns its exit code, stdout and stderr.
    func capture(_ executable: String, _ arguments: [String], timeout: TimeInterval = 20) async throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        // A server's control tool is the running server's own (a chroot's server brings its own).
        let variable = "DESKTOP_TOOL_" + executable.uppercased().replacingOccurrences(of: "-", with: "_")
        let tool = variables[variable].flatMap { $0.isEmpty ? nil : $0 }
        let path = tool ?? (executable.hasPrefix("/") ? executable : "/usr/bin/" + executable)
        let process = try ChildProcess(path, arguments, environment: environment)
        let status = try await process.wait(timeout: timeout)
        return (status, process.standardOutput, process.standardError)
    }

    /// dunst: invokes the action `key` of the newest notification through dunst's own context
    /// menu (`dunstctl context`, answered by `scripts/desktop/dunst-pick`).
    ///
    /// Returns once dunst has run its menu (dunst-pick appends each menu it is shown to
    /// `dunst-pick.menu`), so the click has been made when this returns.
    public func dunstInvoke(_ key: String) async throws {
        try key.write(to: stateDirectory.appendingPathComponent("dunst-pick"), atomically: true, encoding: .utf8)
        let before = dunstMenus().count
        let (status, _) = try await run("dunstctl", ["context"])
        guard status == 0 else { throw TestSupportError("dunstctl context failed with \(status)") }
        try await Eventually.wait(timeout: .seconds(10), "dunst's context menu for '\(key)'") {
            self.dunstMenus().count > before
        }
    }

    /// Every context menu dunst has shown so far, oldest first (its lines: `#Label (Summary) [id,key]`).
    public func dunstMenus() -> [String] {
        let file = stateDirectory.appendingPathComponent("dunst-pick.menu")
        // try?: no menu file yet means no menu shown yet
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.components(separatedBy: "---\n").dropLast()
    }

    /// Waits until the server shows `count` notifications (dunst: `dunstctl count displayed`).
    public func dunstWaitDisplayed(_ count: Int, timeout: Duration = .seconds(10)) async throws {
        try await Eventually.wait(timeout: timeout, "\(count) notification(s) displayed by dunst") {
            try await self.dunstDisplayedCount() == count
        }
    }

    /// How many notifications dunst shows (`dunstctl count displayed`); throws if dunstctl fails.
    public func dunstDisplayedCount() async throws -> Int {
        let output = try await output("dunstctl", ["count", "displayed"])
        guard let count = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestSupportError("dunstctl count displayed printed no number: \(output)")
        }
        return count
    }

    /// Waits (bounded) until the newest popup is a different window, or has moved or resized,
    /// from `previous` (a line of ``newestPopup()``): a new popup has been shown.
    public func waitForNewPopup(after previous: String?, timeout: Duration = TestDesktop.popupTimeout) async throws {
        try await Eventually.wait(timeout: timeout, "a new popup") {
            guard let now = try await self.newestPopup() else { return false }
            return now != previous
        }
    }

    /// Waits (bounded) until no popup is on screen: the last one was answered and taken down.
    public func waitForNoPopup(timeout: Duration = .seconds(10)) async throws {
        try await Eventually.wait(timeout: timeout, "no popup on screen") { try await self.popups().isEmpty }
    }

    /// Pixel-based servers (xfce4-notifyd, …): clicks button `index` (0-based, left to right) of
    /// the `count` buttons of the newest popup with xdotool: park the pointer, wait (bounded) until a popup is
    /// mapped with the same window and geometry over 3 polls, find its buttons with
    /// `test-desktop popup-buttons WINDOW COUNT --gap 5`, click, park the pointer again.
    ///
    /// The analysis takes a few hundred milliseconds, and popup-buttons reads the window's
    /// position after it: a popup that moved meanwhile gets its buttons placed wrongly.
    /// lxqt-notificationd draws every notification in one window and moves and resizes it when
    /// one of them leaves (after a click on *Keep…* the quiet notification expired mid-analysis,
    /// and the click went below the screen). So the popup is read again after the analysis, and
    /// the analysis is repeated (bounded) until the popup stood still throughout.
    public func clickButton(index: Int, of count: Int, timeout: Duration = TestDesktop.popupTimeout) async throws {
        try await output("xdotool", ["mousemove", "0", "0"])  // no hover/prelight while analysing
        // mate draws a countdown pie beside the buttons: skip narrow shapes.
        let options = server == "mate" ? ["--gap", "5", "--min-width", "30"] : ["--gap", "5"]
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let popup = try await stablePopupLine(timeout: deadline - clock.now)
            let window = String(popup.split(separator: " ")[0])
            let arguments =
                server.hasPrefix("plasma")
                ? ["--plasma", window]
                : server == "budgie" ? ["--labels", window, String(count)] : [window, String(count)] + options
            let (status, output) = try await run(Self.harness, ["popup-buttons"] + arguments, timeout: 70)
            guard try await newestPopup() == popup else {
                guard clock.now < deadline else { throw TestSupportError("popup \(window) kept moving for \(timeout)") }
                continue
            }
            let buttons = output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            // Plasma's analysis finds every button: it must find exactly the popup's. Plasma maps
            // a popup before it has drawn it, so there the analysis is repeated (bounded).
            guard status == 0, index < buttons.count, buttons[index].count >= 3,
                !server.hasPrefix("plasma") || buttons.count == count
            else {
                if server.hasPrefix("plasma"), clock.now < deadline {
                    try await Task.sleep(for: .milliseconds(100)); continue
                }
                throw TestSupportError(
                    "popup-buttons found no button \(index) of \(count) in window \(window) (\(status)): \(output)")
            }
            try await click(x: buttons[index][1], y: buttons[index][2])
            return
        }
    }

    /// Clicks the close "X" of the newest popup (notification-daemon, mate, lxqt): the
    /// right-most shape of the popup's top row (`popup-buttons WINDOW 1 --top`); Plasma's red
    /// close disc (`popup-buttons --plasma WINDOW --close`).
    public func clickCloseButton(timeout: Duration = TestDesktop.popupTimeout) async throws {
        try await output("xdotool", ["mousemove", "0", "0"])
        let window = try await stablePopup(timeout: timeout)
        let arguments = server.hasPrefix("plasma") ? ["--plasma", window, "--close"] : [window, "1", "--top"]
        let deadline = ContinuousClock.now + timeout
        var (status, output) = try await run(Self.harness, ["popup-buttons"] + arguments, timeout: 70)
        while status != 0, server.hasPrefix("plasma"), ContinuousClock.now < deadline {  // mapped, not yet drawn
            try await Task.sleep(for: .milliseconds(100))
            (status, output) = try await run(Self.harness, ["popup-buttons"] + arguments, timeout: 70)
        }
        let close = output.split(separator: " ").map(String.init)
        guard status == 0, close.count >= 3 else {
            throw TestSupportError("popup-buttons found no close button in window \(window) (\(status)): \(output)")
        }
        try await click(x: close[1], y: close[2])
    }

    /// Clicks the body of the newest popup, left of its middle (xfce4-notifyd closes on it).
    public func clickBody(timeout: Duration = TestDesktop.popupTimeout) async throws {
        try await output("xdotool", ["mousemove", "0", "0"])
        let window = try await stablePopup(timeout: timeout)
        guard let line = try await popups().first(where: { $0.hasPrefix(window + " ") }) else {
            throw TestSupportError("popup \(window) vanished before the click")
        }
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 5 else { throw TestSupportError("bad popup line \(line)") }
        try await click(x: String(numbers[1] + numbers[3] / 4), y: String(numbers[2] + numbers[4] / 2))
    }

    /// One left click at (x, y), then the pointer parked at 0,0 (lxqt unmaps a popup on motion
    /// after one vanished under the pointer; measured).
    func click(x: String, y: String) async throws {
        try await output("xdotool", ["mousemove", x, y, "click", "1", "sleep", "0.05", "mousemove", "0", "0"])
    }

    /// The window id of the newest visible top-level window larger than 20×20 (the popup), once
    /// its id and geometry are unchanged over 3 polls.
    func stablePopup(timeout: Duration) async throws -> String {
        String(try await stablePopupLine(timeout: timeout).split(separator: " ")[0])
    }

    /// How long the clicks wait for a popup to be mapped and stand still. At the start of a full
    /// `swift test` every suite's desktop starts at once; on the 2-core machines a popup then
    /// took over 10 s to settle (the same click takes under 4 s alone), so the bound is 30 s.
    public static let popupTimeout: Duration = .seconds(30)

    /// "WID X Y W H" of the newest popup, once unchanged over 3 polls (``stablePopup(timeout:)``).
    public func stablePopupLine(timeout: Duration) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var previous = "", same = 0, polls = 0, seen: [String] = []
        while true {
            let all = try await popups()
            polls += 1
            seen = all
            if let line = all.last {
                if line == previous { same += 1 } else { same = 0; previous = line }
                if same >= 2 { return line }
            }
            guard clock.now < deadline else {
                throw TestSupportError(
                    "no stable popup within \(timeout) (\(polls) looks; the last saw \(seen.count) popup(s): \(seen))")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// "WID X Y W H" of the newest visible top-level popup.
    public func newestPopup() async throws -> String? {
        try await popups().last
    }

    /// "WID X Y W H" of every visible top-level window larger than 20×20 (the popups), oldest first,
    /// except those test-desktop up names in `DESKTOP_BACKGROUND_WINDOWS` (Plasma's applet window).
    /// Throws when xwininfo or xdotool fails: a tool that cannot reach the display sees no
    /// windows, which must not read as "no popups".
    public func popups() async throws -> [String] {
        let background = Set((variables["DESKTOP_BACKGROUND_WINDOWS"] ?? "").split(separator: " ").map(String.init))
        let rootInfo = try await output("xwininfo", ["-root"])
        guard
            let root = rootInfo.split(separator: "\n").first(where: { $0.contains("Window id:") })?
                .split(separator: " ").dropFirst(3).first.flatMap({ Int($0.dropFirst(2), radix: 16) })
        else { throw TestSupportError("xwininfo -root named no root window: \(rootInfo)") }
        var popups: [String] = []
        for id in try await visibleWindows() where Int(id) != root && !background.contains(id) {
            let (status, shell, errors) = try await capture("xdotool", ["getwindowgeometry", "--shell", id])
            // A window that closed since the search is no popup; any other failure is.
            guard status == 0 || !errors.contains("BadWindow") else { continue }
            guard status == 0 else {
                throw TestSupportError("xdotool getwindowgeometry \(id) exited \(status): \(errors)")
            }
            var geometry: [String: String] = [:]
            for pair in shell.split(separator: "\n") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { geometry[parts[0]] = parts[1] }
            }
            guard let width = Int(geometry["WIDTH"] ?? ""), let height = Int(geometry["HEIGHT"] ?? ""),
                width > 20, height > 20
            else { continue }
            popups.append("\(id) \(geometry["X"] ?? "") \(geometry["Y"] ?? "") \(width) \(height)")
        }
        return popups
    }

    /// The ids of the visible top-level windows (`xdotool search --onlyvisible --maxdepth 1`).
    /// A window that closes while xdotool looks at it makes it fail with BadWindow: it looks
    /// again (at most 5 times). Any other failure throws.
    func visibleWindows() async throws -> [String] {
        var attempts = 0
        while true {
            let search = try await capture("xdotool", ["search", "--onlyvisible", "--maxdepth", "1", "--name", ""])
            // xdotool search exits 1, silently, when no window matches.
            if search.status == 0 || (search.status == 1 && search.stdout.isEmpty && search.stderr.isEmpty) {
                return search.stdout.split(separator: "\n").map(String.init)
            }
            attempts += 1
            guard search.stderr.contains("BadWindow"), attempts < 5 else {
                throw TestSupportError("xdotool search exited \(search.status): \(search.stderr)")
            }
        }
    }

    /// Saves a PNG of the whole screen (mako's and swaync's sway, Budgie 10.10's labwc: with grim).
    public func screenshot(to url: URL) async throws {
        if server.hasPrefix("mako") || server.hasPrefix("swaync") || server == "budgie-10.10"
            || server.hasPrefix("phosh")
        {
            return try await grimScreenshot(to: url)
        }
        if server.hasPrefix("gnome-shell-") { return try await shellScreenshot(to: url) }
        let (status, _) = try await run(
            "import", ["-display", variables["DISPLAY"] ?? "", "-window", "root", url.path])
        guard status == 0 else { throw TestSupportError("import failed with \(status); is imagemagick installed?") }
    }

    /// Waits (bounded) until a screenshot of the whole screen has more than `minimum` pixels of
    /// exactly `color` (`#RRGGBB`, as ImageMagick's histogram spells it), e.g. a pure red test
    /// image drawn in a popup. Screenshots go to `directory`.
    public func waitForPixels(
        _ color: String, moreThan minimum: Int, in directory: URL,
        timeout: Duration = .seconds(10)
    ) async throws {
        let shot = directory.appendingPathComponent("screen.png")
        try await Eventually.wait(timeout: timeout, "more than \(minimum) pixels of \(color) on screen") {
            try await self.screenshot(to: shot)
            return try await self.colourCounts(in: shot)[color, default: 0] > minimum
        }
    }

    /// The `test-desktop` executable built beside the tests (it is never installed, so not
    /// ``PackageRoot/productDirectory``).
    public static var harness: String { PackageRoot.binaryDirectory.appendingPathComponent("test-desktop").path }

    static func script(_ name: String) -> String {
        PackageRoot.url.appendingPathComponent("scripts/desktop/\(name)").path
    }
}
