import Foundation
import Synchronization

/// One end-to-end matrix case: a private desktop running `server`, a private state directory
/// for the agent that `unotify` starts, and a monitor on the bus.
///
/// A matrix case made with `sharingDesktop` gets, where the server allows it
/// (``MatrixServer/sharesDesktop``), a desktop that an earlier such case of the same server
/// gave back (``DesktopPool``), cleaned first: its agent stopped, its notifications closed and
/// none left on screen, no sound playing. The case sees what a fresh desktop would show it; one
/// that cannot be cleaned is stopped, and the case gets a fresh desktop. Only cases that change
/// nothing on the desktop but its notifications may share: not one that pauses the server,
/// restarts it or changes its settings.
public final class MatrixSession: @unchecked Sendable {
    public let server: MatrixServer
    public let desktop: TestDesktop
    public let state: TemporaryDirectory
    public let monitor: BusMonitor
    /// The popup ("WID X Y W H") the last click went to: the next answer waits for another.
    private var answeredPopup: String?
    /// The kind of desktop, as the pool keys it; nil when this case's desktop is its own.
    private let poolKey: String?
    /// Every notification id up to this one was closed before the case began.
    private let closedThrough: UInt32
    /// When the case asked for its desktop, and when it had it: each case prints how long
    /// its desktop and the case took (`grep '^MatrixSession:' run/test.log`).
    private let began = ContinuousClock.now
    private let desktopReady: ContinuousClock.Instant
    /// The desktop is one an earlier case gave back.
    private let reused: Bool

    public init(_ server: MatrixServer, pulse: Bool = false, sharingDesktop: Bool = false) async throws {
        if let error = server.selectionError { throw TestSupportError(error) }
        self.server = server
        poolKey = sharingDesktop && server.sharesDesktop ? "\(server.name) pulse=\(pulse)" : nil
        (desktop, closedThrough, reused) = try await Self.desktop(for: server, pulse: pulse, key: poolKey)
        desktopReady = ContinuousClock.now
        state = try TemporaryDirectory("unotify-matrix-\(server.name)")
        // GNOME Shell's notification service passes each Notify on to the shell.
        let forwarder = server.hand == .shell ? try await desktop.nameOwner("org.freedesktop.Notifications") : nil
        monitor = try await BusMonitor(address: desktop.busAddress, forwarder: forwarder)
        if pulse, desktop.variables["PULSE_SERVER"]?.isEmpty != false {
            throw TestSupportError("test-desktop up exported no PULSE_SERVER")
        }
    }

    deinit {
        print(
            "MatrixSession: \(server.name) desktop \(Self.seconds(desktopReady - began)) s"
                + " (\(poolKey == nil ? "its own" : reused ? "shared, cleaned" : "fresh, shared"))"
                + ", case \(Self.seconds(ContinuousClock.now - desktopReady)) s")
        guard let poolKey else { return }
        DesktopPool.shared.giveBack(
            .init(desktop: desktop, monitor: monitor, closedThrough: closedThrough), key: poolKey)
    }

    /// `duration` in seconds, to two decimals.
    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f", Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// A cleaned desktop from the pool, or a fresh one; every id up to the number was closed;
    /// whether it is one an earlier case gave back.
    private static func desktop(for server: MatrixServer, pulse: Bool, key: String?) async throws -> (
        TestDesktop, UInt32, Bool
    ) {
        if let key {
            while let returned = DesktopPool.shared.take(key) {
                do {
                    return (returned.desktop, try await clean(returned, server: server, pulse: pulse), true)
                } catch {
                    print("matrix: a shared \(server.name) desktop could not be cleaned, a fresh one starts: \(error)")
                    returned.desktop.stop()
                }
            }
        }
        let fresh = try await TestDesktop(
            server: server.name,
            environment: pulse ? ["DESKTOP_PULSE": "1"] : [:],
            directory: key == nil ? FileManager.default.temporaryDirectory : DesktopPool.directory)
        return (fresh, 0, false)
    }

    /// The variables every `unotify` of this session runs with.
    public var environment: [String: String] {
        var environment = ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"]
        for key in ["PULSE_SERVER", "DISPLAY"] { environment[key] = desktop.variables[key] }
        if server.hand == .shell, let state = desktop.variables["DESKTOP_STATE_DIR"] {
            // GNOME Shell's own settings: the keyfile GSettings store and the desktop entries it reads.
            environment["UNOTIFY_DESKTOP_SETTINGS"] = "gnome"
            environment["GSETTINGS_BACKEND"] = "keyfile"
            environment["XDG_CONFIG_HOME"] = state + "/config"
            environment["XDG_DATA_HOME"] = state + "/data"
        }
        // Phosh's session says Phosh:GNOME: the agent uses GNOME's settings there, its
        // do-not-disturb (show-banners) included, from phosh's keyfile store below.
        if server.hand == .phoshButtons { environment["UNOTIFY_DESKTOP_SETTINGS"] = "gnome" }
        // Cinnamon's and Budgie's GSettings (their keyfile store), where unotifyd reads Cinnamon's
        // do-not-disturb as it reads the desktop's own dconf on a real desktop.
        if desktop.variables["GSETTINGS_BACKEND"] == "keyfile", let config = desktop.variables["XDG_CONFIG_HOME"] {
            environment["GSETTINGS_BACKEND"] = "keyfile"
            environment["XDG_CONFIG_HOME"] = config
        }
        // lxqt's configuration directory, where unotifyd reads LXQt's do-not-disturb as it reads
        // `~/.config/lxqt/notifications.conf` on a real desktop.
        if server.family == "lxqt", let config = desktop.variables["XDG_CONFIG_HOME"], !config.isEmpty {
            environment["XDG_CONFIG_HOME"] = config
        }
        return environment
    }

    /// Runs `unotify ARGUMENTS` to completion (bounded).
    public func unotify(_ arguments: [String], extraEnvironment: [String: String] = [:]) async throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        try await UNotifyProcess.run(
            arguments, busAddress: desktop.busAddress,
            extraEnvironment: environment.merging(extraEnvironment) { $1 })
    }

    /// Runs `unotify ARGUMENTS` to completion (bounded) and returns its standard output; throws,
    /// with the exit status and standard error, unless it exits 0: the empty output of a command
    /// that failed or crashed is no answer.
    public func output(_ arguments: [String], extraEnvironment: [String: String] = [:]) async throws -> String {
        let result = try await unotify(arguments, extraEnvironment: extraEnvironment)
        guard result.status == 0 else {
            throw TestSupportError(
                "unotify \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        return result.stdout
    }

    /// Starts `unotify ARGUMENTS` and returns at once.
    public func start(_ arguments: [String]) throws -> ChildProcess {
        try UNotifyProcess.start(arguments, busAddress: desktop.busAddress, extraEnvironment: environment)
    }

    /// The user allows `app` (`unotify settings APP allow`), as set-up for a case.
    public func allow(_ app: String) async throws {
        let result = try await unotify(["settings", app, "allow"])
        guard result.status == 0 else {
            throw TestSupportError("unotify settings \(app) allow failed: \(result.stderr)")
        }
    }

    /// Allows `app` and gives it the category "tea" with the actions Snooze and Drink.
    public func allowWithTeaCategory(_ app: String) async throws {
        let categories = state.url.appendingPathComponent("categories.json")
        try
            #"[{"identifier": "tea", "actions": [{"identifier": "snooze", "title": "Snooze"}, {"identifier": "drink", "title": "Drink"}]}]"#
            .write(to: categories, atomically: true, encoding: .utf8)
        try await allow(app)
        let set = try await unotify(["categories", "--app", app, "--set", categories.path])
        guard set.status == 0 else { throw TestSupportError("unotify categories --set failed: \(set.stderr)") }
    }

    /// The app's authorization status, from `unotify settings APP --json`.
    public func status(of app: String) async throws -> String {
        let json = try await output(["settings", app, "--json"])
        guard let range = json.range(of: #""status":""#) else {
            throw TestSupportError("unotify settings \(app) --json printed no status: \(json)")
        }
        return String(json[range.upperBound...].prefix { $0 != "\"" })
    }

    /// Waits (bounded) until the app's status is `expected`.
    public func waitForStatus(_ expected: String, of app: String, timeout: Duration = TestPatience.event) async throws {
        try await Eventually.wait(timeout: timeout, "\(app) is \(expected) on \(server.name)") {
            try await self.status(of: app) == expected
        }
    }

    /// The user answers the newest notification, the `notifyCount`-th `Notify` of the session,
    /// with action `key`, which is button `index` of `count` on servers that draw buttons.
    /// dunst chooses it from its own menu, mako by its label in `makoctl menu`; the others get an
    /// xdotool click on the button.
    public func answer(_ key: String, button index: Int, of count: Int, notifyCount: Int) async throws {
        let calls = try await monitor.waitForNotify(count: notifyCount)
        guard let id = calls[notifyCount - 1].returnedID else {
            throw TestSupportError("no id for Notify #\(notifyCount)")
        }
        switch server.hand {
        case .dunstMenu:
            try await desktop.dunstInvoke("\(id),\(key)")
        case .buttons:
            if let answeredPopup { try await desktop.waitForNewPopup(after: answeredPopup) }
            answeredPopup = try await desktop.newestPopup()
            try await desktop.clickButton(index: index, of: count)
        case .makoMenu:
            try await desktop.makoChoose(try label(of: key, in: calls[notifyCount - 1]), notification: id)
        case .shell:
            try await desktop.shellClick(notification: id, label: try label(of: key, in: calls[notifyCount - 1]))
        case .cinnamon:
            try await desktop.cinnamonClick(notification: id, label: try label(of: key, in: calls[notifyCount - 1]))
        case .awesome:
            try await desktop.awesomeClick(notification: id, label: try label(of: key, in: calls[notifyCount - 1]))
        case .waylandButtons:
            try await desktop.swayncClickButton(index: index, of: count)
        case .budgieWaylandButtons:
            try await desktop.budgieClickButton(index: index, of: count)
        case .phoshButtons:
            try await desktop.phoshClickButton(index: index, of: count)
        case .enlightenmentButtons:
            // E 0.27 draws every action as a label, the default one ("Open") too (measured).
            let keys = calls[notifyCount - 1].actionKeys
            guard let drawn = keys.firstIndex(of: key) else {
                throw TestSupportError("Notify #\(notifyCount) has no action \(key): \(keys)")
            }
            try await desktop.enlightenmentClickButton(index: drawn, of: keys.count)
        case .none:
            throw TestSupportError("\(server.name) shows no buttons: there is nothing to click")
        }
        do {
            try await Eventually.wait(timeout: .seconds(10), "\(server.name) reports the click on \(key)") {
                self.monitor.messages.contains {
                    $0.kind == "signal" && $0.member == "ActionInvoked" && $0.scalar(0) == String(id)
                        && $0.scalar(1) == key
                }
            }
        } catch {
            let seen = monitor.messages.filter { $0.member == "ActionInvoked" || $0.member == "NotificationClosed" }
                .map { "\($0.member ?? "")(\($0.scalar(0) ?? ""), \($0.scalar(1) ?? ""))" }
            throw TestSupportError("\(error); the server sent: \(seen); Notify #\(notifyCount) got id \(id)")
        }
    }
}

extension MatrixSession {
    /// The user closes the newest popup with this server's gesture.
    public func dismissNewest() async throws {
        switch server.dismissal?.gesture {
        case .dunstClose?:
            try await desktop.output("dunstctl", ["close"])
        case .clickBody?: try await desktop.clickBody()
        case .clickCloseButton?: try await desktop.clickCloseButton()
        case .makoDismiss?: try await desktop.makoDismiss()
        case .swayncCloseButton?: try await desktop.swayncClose()
        case .budgieWaylandCloseButton?: try await desktop.budgieClose()
        case .enlightenmentCloseButton?: try await desktop.enlightenmentClose()
        case .phoshSwipe?: try await desktop.phoshSwipeAway()
        case .shellCloseButton?:
            guard let id = monitor.notifyCalls.last?.returnedID else {
                throw TestSupportError("no notification to close")
            }
            try await desktop.shellCloseBanner(notification: id)
        case .cinnamonCloseButton?: try await desktop.cinnamonClose(notification: try newestID())
        case .awesomeRightClick?: try await desktop.awesomeClick(notification: try newestID(), label: nil)
        case nil: throw TestSupportError("the user cannot close a popup on \(server.name)")
        }
    }

    /// The id the server gave the newest notification.
    private func newestID() throws -> UInt32 {
        guard let id = monitor.notifyCalls.last?.returnedID else { throw TestSupportError("no notification to close") }
        return id
    }

    /// The title of action `key` in `call`'s actions.
    private func label(of key: String, in call: NotifyCall) throws -> String {
        let actions = call.actions
        guard let at = stride(from: 0, to: actions.count - 1, by: 2).first(where: { actions[$0] == key }) else {
            throw TestSupportError("the Notify has no action \(key): \(actions)")
        }
        return actions[at + 1]
    }

    /// How many notifications the server shows on screen now: dunst counts them itself
    /// (`dunstctl count displayed`), mako lists them (`makoctl list`), GNOME Shell those on its
    /// banner or in its tray, swaync counts what it holds (`swaync-client --count`), and
    /// Enlightenment's are found in a screenshot; the others are counted as popup windows.
    public func shownCount() async throws -> Int {
        try await Self.shownCount(on: desktop, server: server)
    }

    /// How many notifications `server` shows on `desktop` now (``shownCount()``).
    static func shownCount(on desktop: TestDesktop, server: MatrixServer) async throws -> Int {
        if server.hand == .makoMenu { return try await desktop.makoNotifications().count }
        if server.hand == .shell { return try await desktop.shellNotificationCount() }
        if server.hand == .dunstMenu { return try await desktop.dunstDisplayedCount() }
        if server.hand == .cinnamon { return try await desktop.cinnamonNotificationCount() }
        if server.hand == .awesome { return try await desktop.awesomeNotificationCount() }
        if server.hand == .waylandButtons { return try await desktop.swayncCount() }
        if server.hand == .budgieWaylandButtons { return try await desktop.budgiePopupCount() }
        if server.hand == .phoshButtons { return try await desktop.phoshBannerCount() }
        if server.family == "enlightenment" { return try await desktop.enlightenmentPopups().count }
        return try await desktop.popups().count
    }

    /// Waits (bounded) until the server shows `count` notifications. Once none is shown, the
    /// next popup is a new one even where it comes back as the same window with the same
    /// geometry (lxqt-notificationd draws every notification in one window), so the next
    /// ``answer(_:button:of:notifyCount:)`` does not wait for a different one.
    public func waitForShown(_ count: Int, timeout: Duration = TestPatience.event) async throws {
        let seen = Mutex<Int?>(nil)
        do {
            try await Eventually.wait(timeout: timeout, "\(count) notification(s) on screen on \(server.name)") {
                let shown = try await self.shownCount()
                seen.withLock { $0 = shown }
                return shown == count
            }
        } catch {
            // Too few (slow to draw) and too many (one shown that should not be) are different
            // findings: the failure says which.
            let last = seen.withLock { $0 }.map(String.init) ?? "none read"
            throw TestSupportError("\(error) (last seen on screen: \(last))")
        }
        if count == 0 { answeredPopup = nil }
    }

    /// Records the PulseAudio null sink's monitor (``SinkRecorder``) from before `before` until
    /// the sound that `marker` makes was heard and has ended; throws if none is heard. An
    /// absence check does in `before` what must stay silent, and looks at what was heard with
    /// the marker's sound. With `settle`, the marker waits after `before` until the sink has been
    /// silent that many seconds: a sound `before` made by mistake has then been heard whole
    /// (mate plays one sound at a time: a marker right after it cut it short, to a quarter of a
    /// marker once). The session must have been made with `pulse: true`.
    public func recordSound(
        before: () async throws -> Void = {}, settle: Double = 0, marker: () async throws -> Void
    ) async throws -> SinkRecording {
        let recorder = try await SinkRecorder(
            desktop: desktop,
            file: state.url.appendingPathComponent("monitor-\(UUID().uuidString).raw"))
        let start = try recorder.position()
        try await before()
        if settle > 0 { try await recorder.waitForSilence(after: start, seconds: settle) }
        let position = try recorder.position()
        try await marker()
        return try await recorder.recordUntilSoundEnds(after: position)
    }

    /// An absence check for sound: records what `before` does followed by a quiet marker tone
    /// (``QuietTone``) from another app, allowed here, and the marker alone. Returns how many
    /// sounds were heard up to the marker's end, their loudness in markers, and the energy of
    /// everything but the marker's tone (``SinkRecording/toneEnergy(frequency:window:)``) in
    /// markers: near 0 when `before` was silent, many markers when a notification's sound was
    /// played by mistake, even on top of the marker (``HeardSounds/onlyTheMarker``).
    /// The marker is a sound of its own: two overlapping plays of the same file were recorded
    /// on the null sink with exactly one play's energy, which hid the very mistake checked for.
    /// Under do-not-disturb the marker is sent with `markerUrgency` "critical", which breaks through.
    public func soundsHeard(markerUrgency: String = "normal", before: () async throws -> Void) async throws
        -> HeardSounds
    {
        let tone = state.url.appendingPathComponent("marker-tone.wav")
        try QuietTone.write(to: tone)
        try await allow("org.example.Marker")
        let sendMarker = {
            let sent = try await self.unotify([
                "send", "--app", "org.example.Marker", "-u", markerUrgency, "--sound", tone.path, "Marker",
            ])
            guard sent.status == 0 else { throw TestSupportError("the marker's send failed: \(sent.stderr)") }
        }
        let marker = try await recordSound(marker: sendMarker)
        let recording = try await recordSound(before: before, settle: 2, marker: sendMarker)
        return HeardSounds(recording, marker: marker)
    }
}
