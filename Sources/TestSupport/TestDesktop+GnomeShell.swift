import DBus
import FreedesktopNotifications
import Foundation

/// GNOME Shell (`test-desktop up gnome-shell`): its banners are drawn by the shell itself, not as X
/// windows, so they are read and clicked inside the shell, through `org.gnome.Shell.Eval`
/// (the test desktop's extension turns on the shell's unsafe mode for it).
extension TestDesktop {
    /// Runs `javaScript` inside GNOME Shell and returns its result as JSON text (a string comes
    /// back quoted: `"clicked"`). Throws if the shell reports an error.
    public func shellEval(_ javaScript: String) async throws -> String {
        try await javaScriptEval(javaScript, service: "org.gnome.Shell", path: "/org/gnome/Shell")
    }

    /// Runs `javaScript` through `SERVICE.Eval` at `path` (GNOME Shell's and Cinnamon's
    /// `Eval(s) -> (b, s)`) and returns its result as JSON text. Throws if it reports an error.
    func javaScriptEval(_ javaScript: String, service: String, path: String) async throws -> String {
        let (status, output) = try await run(
            "gdbus",
            [
                "call", "--session", "--timeout", "10", "--dest", service, "--object-path", path,
                "--method", service + ".Eval", javaScript,
            ])
        let reply = output.trimmingCharacters(in: .whitespacesAndNewlines)
        // gdbus prints the reply as GVariant text: (true, 'JSON'), the string escaped.
        let prefix = "(true, ", suffix = ")"
        let quoted =
            reply.hasPrefix(prefix) && reply.hasSuffix(suffix)
            ? String(reply.dropFirst(prefix.count).dropLast(suffix.count)) : ""
        // try?: a reply that does not parse throws below, with the reply
        guard status == 0, case .string(let json)? = try? GVariantText.parse(quoted) else {
            throw TestSupportError("\(service).Eval failed (\(status)): \(reply)")
        }
        return json
    }

    /// The unique name that owns `name` on this desktop's bus.
    public func nameOwner(_ name: String) async throws -> String {
        let (status, output) = try await run(
            "gdbus",
            [
                "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                "--method", "org.freedesktop.DBus.GetNameOwner", name,
            ])
        guard status == 0, let unique = output.split(separator: "'").dropFirst().first else {
            throw TestSupportError("nobody owns \(name) (\(status)): \(output)")
        }
        return String(unique)
    }

    /// The JavaScript of the shell's notification `id` (the id `Notify` returned), or undefined:
    /// GNOME 43 keeps `{notification}` objects by id, GNOME 46 and later a `Map` of notifications.
    private static func notification(_ id: UInt32) -> String {
        "((d) => d instanceof Map ? d.get(\(id)) : d[\(id)]?.notification)"
            + "(Main.notificationDaemon._fdoNotificationDaemon._notifications)"
    }

    /// `text` as a JavaScript string literal.
    static func literal(_ text: String) throws -> String {
        let data = try JSONEncoder().encode(text)
        return String(decoding: data, as: UTF8.self)
    }

    /// The user clicks the button titled `label` on the banner of notification `id`: once the
    /// shell shows that notification as its banner (it queues banners), the banner's own
    /// button emits `clicked`, the signal a pointer click on it emits, so the shell runs what a
    /// click runs (its callback sends `ActionInvoked`, then the banner is done).
    public func shellClick(notification id: UInt32, label: String, timeout: Duration = .seconds(10)) async throws {
        let script = """
            (() => { const n = \(Self.notification(id)), b = Main.messageTray._banner;
              if (!n) return 'no notification \(id) in the shell';
              if (!b || b.notification !== n) return 'notification \(id) is not the banner on screen';
              const button = b._buttonBox.get_children().find(c => c.label === \(try Self.literal(label)));
              if (!button) return 'no button ' + \(try Self.literal(label)) + ' on the banner of \(id)';
              button.emit('clicked', 1); return 'clicked'; })()
            """
        try await untilShell(says: "clicked", running: script, timeout: timeout)
    }

    /// The user closes the banner of notification `id` with its close button (shown on hover).
    public func shellCloseBanner(notification id: UInt32, timeout: Duration = .seconds(10)) async throws {
        let script = """
            (() => { const n = \(Self.notification(id)), b = Main.messageTray._banner;
              if (!n) return 'no notification \(id) in the shell';
              if (!b || b.notification !== n) return 'notification \(id) is not the banner on screen';
              (b._closeButton ?? b._header.closeButton).emit('clicked', 1); return 'closed'; })()
            """
        try await untilShell(says: "closed", running: script, timeout: timeout)
    }

    /// The user clears notification `id` in the shell's tray (the message list under the
    /// clock) with the close button of its message there.
    public func shellClearInTray(notification id: UInt32, timeout: Duration = .seconds(10)) async throws {
        let script = """
            (() => { const n = \(Self.notification(id));
              if (!n) return 'no notification \(id) in the shell';
              const list = Main.panel.statusArea.dateMenu._messageList._notificationSection._messages;
              const message = list.find(m => m.notification === n);
              if (!message) return 'notification \(id) is not in the tray';
              message._closeButton.emit('clicked', 1); return 'cleared'; })()
            """
        try await untilShell(says: "cleared", running: script, timeout: timeout)
    }

    /// How many notifications sent over `org.freedesktop.Notifications` the user sees: on the
    /// banner or in the shell's tray (the message list), where GNOME keeps them.
    public func shellNotificationCount() async throws -> Int {
        // GNOME 43 keeps its sources in an array; 46 and later in two maps (by app, by pid and name).
        let count = try await shellEval(
            """
            ((d) => (d._sources ?? [...new Set([...d._sourcesForApp.values(), ...d._sourceForPidAndName.values()])])
              .reduce((n, s) => n + s.notifications.length, 0))(Main.notificationDaemon._fdoNotificationDaemon)
            """)
        guard let number = Int(count) else { throw TestSupportError("the shell counted '\(count)' notifications") }
        return number
    }

    /// Saves a PNG of the whole screen through the shell's own screenshot service (GNOME 48 and
    /// 51 run headless on Wayland: no X server to read). The shell runs in a chroot, where only
    /// the desktop's state directory has the same path: the shot is taken there, then moved.
    func shellScreenshot(to url: URL) async throws {
        let shot = stateDirectory.appendingPathComponent("shot-\(UUID().uuidString).png")
        let (status, output) = try await run(
            "gdbus",
            [
                "call", "--session", "--timeout", "10", "--dest", "org.gnome.Shell.Screenshot", "--object-path",
                "/org/gnome/Shell/Screenshot", "--method", "org.gnome.Shell.Screenshot.Screenshot", "false", "false",
                shot.path,
            ])
        guard status == 0, output.contains("true") else {
            throw TestSupportError("the shell's Screenshot failed (\(status)): \(output)")
        }
        // try?: the file may not exist; a stale one that stays is overwritten by the shot
        try? FileManager.default.removeItem(at: url)  // a shot from an earlier look, replaced
        try FileManager.default.moveItem(at: shot, to: url)
    }

    /// The title of the shell's notification `id`, or nil when the shell has none by that id.
    public func shellNotificationTitle(_ id: UInt32) async throws -> String? {
        let reply = try await shellEval(
            "(() => { const n = \(Self.notification(id)); return n ? 't:' + n.title : 'none'; })()")
        let inner = try JSONDecoder().decode(String.self, from: Data(reply.utf8))
        return inner.hasPrefix("t:") ? String(inner.dropFirst(2)) : nil
    }

    /// The banner on screen now: its title as shown, and whether the shell cut it short (`…`).
    public func shellBannerTitle() async throws -> (text: String, cut: Bool)? {
        let reply = try await shellEval(
            """
            (() => { const b = Main.messageTray._banner; if (!b) return 'none';
              return JSON.stringify([b.titleLabel.text, b.titleLabel.clutter_text.get_layout().is_ellipsized()]); })()
            """)
        // Eval answers JSON: a JSON string holding the JSON array.
        let inner = try JSONDecoder().decode(String.self, from: Data(reply.utf8))
        if inner == "none" { return nil }
        guard let data = inner.data(using: .utf8),
            let array = try JSONSerialization.jsonObject(with: data) as? [Any], array.count == 2,
            let text = array[0] as? String, let cut = array[1] as? Bool
        else { throw TestSupportError("unexpected banner title reply \(reply)") }
        return (text, cut)
    }

    /// Runs `script` until it answers `expected` (bounded); the error names its last answer.
    private func untilShell(says expected: String, running script: String, timeout: Duration) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = ""
        while true {
            last = try await shellEval(script)
            if last == "\"\(expected)\"" { return }
            guard clock.now < deadline else { throw TestSupportError("GNOME Shell after \(timeout): \(last)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
