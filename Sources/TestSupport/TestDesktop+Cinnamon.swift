import Foundation

/// Cinnamon (`test-desktop up cinnamon`): its banners are drawn on the stage by the cinnamon process
/// itself, not as X windows. A banner's button is found through `org.Cinnamon.Eval` (which any
/// caller may use) and clicked with the pointer (xdotool). On Xvfb a click on the banner's top
/// 25 px (its title row, with the close cross) falls through to the stage (measured), so the
/// close cross is pressed through Eval: its own `clicked`, the signal a pointer click emits.
extension TestDesktop {
    /// Runs `javaScript` inside Cinnamon and returns its result as JSON text.
    public func cinnamonEval(_ javaScript: String) async throws -> String {
        try await javaScriptEval(javaScript, service: "org.Cinnamon", path: "/org/Cinnamon")
    }

    /// The JavaScript of Cinnamon's notification `id` (the id `Notify` returned), or undefined.
    private static func cinnamonNotification(_ id: UInt32) -> String {
        "Main.notificationDaemon._notifications[\(id)]?.notification"
    }

    /// The user clicks the button titled `label` on the banner of notification `id`: once the
    /// banner is shown (while it slides in, its buttons read as mapped at 0,0: measured), the
    /// button's centre is read through Eval, and xdotool clicks there.
    public func cinnamonClick(notification id: UInt32, label: String, timeout: Duration = .seconds(10)) async throws {
        let script = """
            (() => { const n = \(Self.cinnamonNotification(id));
              if (!n) return 'no notification \(id) in cinnamon';
              const b = (n._actionArea ? n._actionArea.get_children() : []).find(c => c.label === \(try Self.literal(label)));
              if (!b) return 'no button ' + \(try Self.literal(label)) + ' on notification \(id)';
              const tray = Main.messageTray;
              if (tray._notification !== n || tray._notificationState !== imports.ui.messageTray.State.SHOWN)
                return 'notification \(id) is not the banner on screen, or still sliding in';
              if (!b.is_mapped()) return 'the button is not on screen';
              const [x, y] = b.get_transformed_position(), [w, h] = b.get_transformed_size();
              return [x + w / 2, y + h / 2].map(Math.round).join(' '); })()
            """
        let centre = try await untilCinnamon(running: script, timeout: timeout) { $0.first?.isNumber == true }
        let point = centre.split(separator: " ").map(String.init)
        try await click(x: point[0], y: point[1])
    }

    /// The user closes notification `id` with the close cross of its banner (or of its message
    /// in the tray applet).
    public func cinnamonClose(notification id: UInt32, timeout: Duration = .seconds(10)) async throws {
        let script = """
            (() => { const n = \(Self.cinnamonNotification(id));
              if (!n) return 'no notification \(id) in cinnamon';
              const c = n._table.get_children().find(c => c instanceof imports.gi.St.Button);
              if (!c) return 'no close cross on notification \(id)';
              c.emit('clicked', 1); return 'closed'; })()
            """
        _ = try await untilCinnamon(running: script, timeout: timeout) { $0 == "closed" }
    }

    /// How many notifications Cinnamon holds: on its banner or in its tray applet, where a
    /// banner goes after 4 s.
    public func cinnamonNotificationCount() async throws -> Int {
        let count = try await cinnamonEval("Object.keys(Main.notificationDaemon._notifications).length")
        guard let number = Int(count) else { throw TestSupportError("cinnamon counted '\(count)' notifications") }
        return number
    }

    /// Runs `script`, which answers a string, until `done` accepts it (bounded); returns it. The
    /// error names the last answer.
    private func untilCinnamon(running script: String, timeout: Duration, done: (String) -> Bool) async throws
        -> String
    {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let json = try await cinnamonEval(script)
            // try?: an answer that is not a JSON string is used as printed
            let answer = (try? JSONDecoder().decode(String.self, from: Data(json.utf8))) ?? json
            if done(answer) { return answer }
            guard clock.now < deadline else { throw TestSupportError("Cinnamon after \(timeout): \(answer)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
