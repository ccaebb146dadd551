import Foundation

extension TestDesktop {
    /// lxqt-notificationd's settings file, `lxqt/notifications.conf` in the configuration
    /// directory test-desktop up gives it and exports (`XDG_CONFIG_HOME`).
    public var lxqtSettingsFile: URL {
        get throws {
            guard let config = variables["XDG_CONFIG_HOME"], !config.isEmpty else {
                throw TestSupportError("test-desktop up exported no XDG_CONFIG_HOME for lxqt-notificationd")
            }
            return URL(fileURLWithPath: config).appendingPathComponent("lxqt/notifications.conf")
        }
    }

    /// Sets `doNotDisturb` in lxqt-notificationd's own settings file as its settings dialog
    /// (lxqt-config-notificationd) does: the file rewritten whole and put in place by a rename,
    /// as QSettings saves it, the server's other keys kept. Returns once the server has reloaded
    /// the file, which it does about a second after a change (LXQt's settings watch the file): a
    /// probe notification from `lxqt-config-notificationd` (which lxqt always draws, even under
    /// do-not-disturb) is on screen while the same write moves `placement` from bottom-right to
    /// top-left (on) or back (off), and the server moves its window at once when it reloads.
    /// Returns how long the server took to move it.
    @discardableResult
    public func lxqtSetDoNotDisturb(_ on: Bool, timeout: Duration = TestPatience.event) async throws -> Duration {
        let file = try lxqtSettingsFile
        let probe = try await notifyDirectly(app: "lxqt-config-notificationd", summary: "Probe \(on)")
        try await Eventually.wait(timeout: timeout, "the probe notification on screen") {
            try await !self.popupOrigins().isEmpty
        }
        guard let before = try await popupOrigins().last else {
            throw TestSupportError("lxqt-notificationd took the probe notification off the screen at once")
        }
        let text = try String(contentsOf: file, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
            !$0.hasPrefix("doNotDisturb=") && !$0.hasPrefix("placement=")
        }
        guard let general = lines.firstIndex(of: "[General]") else {
            throw TestSupportError("lxqt-notificationd's \(file.path) has no [General]: \(text)")
        }
        lines.insert(
            contentsOf: ["doNotDisturb=\(on)", "placement=\(on ? "top-left" : "bottom-right")"], at: general + 1)
        let temporary = file.deletingLastPathComponent().appendingPathComponent("notifications.conf.new")
        try Data(lines.joined(separator: "\n").utf8).write(to: temporary)
        let written = ContinuousClock.now
        guard rename(temporary.path, file.path) == 0 else {
            throw TestSupportError("cannot rename \(temporary.path) to \(file.path): errno \(errno)")
        }
        try await Eventually.wait(timeout: timeout, "lxqt-notificationd moving its window after the file changed") {
            guard let now = try await self.popupOrigins().last else { return false }
            return on ? now.1 < before.1 : now.1 > before.1
        }
        let reloaded = ContinuousClock.now - written
        try await output(
            "gdbus",
            [
                "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.CloseNotification",
                String(probe),
            ])
        return reloaded
    }

    /// `Notify` as app `app`, sent with gdbus (not through unotify), never expiring, replacing
    /// the notification `replacing` (0: none); its id.
    public func notifyDirectly(app: String, summary: String, replacing: UInt32 = 0) async throws -> UInt32 {
        let reply = try await output(
            "gdbus",
            [
                "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.Notify", app,
                String(replacing), "",
                summary, "", "[]", "{}", "0",
            ])
        // "(uint32 7,)"
        guard let number = reply.components(separatedBy: "uint32 ").last?.prefix(while: \.isNumber),
            let id = UInt32(number)
        else { throw TestSupportError("Notify answered no id: \(reply)") }
        return id
    }

    /// The top-left corner of each popup window (``popups()``), oldest first.
    func popupOrigins() async throws -> [(Int, Int)] {
        try await popups().compactMap { line in
            let numbers = line.split(separator: " ").compactMap { Int($0) }
            return numbers.count == 5 ? (numbers[1], numbers[2]) : nil
        }
    }
}
