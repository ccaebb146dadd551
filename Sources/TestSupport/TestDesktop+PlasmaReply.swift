import Foundation

extension TestDesktop {
    /// KDE Plasma: the user answers the newest popup's inline-reply action by typing, as a person
    /// does: a click on the popup's reply button (the right-most of its `count` buttons: Plasma
    /// puts it last), which opens the reply field; once the field is drawn
    /// (`popup-buttons --plasma WINDOW --field`), a click into it, `text` typed with xdotool
    /// (the pointer stays over the field: on Xvfb without a window manager the keyboard follows
    /// the pointer), and a click on the field's send button, which Plasma enables once there is
    /// text (the only framed button left). Each wait is bounded by `timeout`.
    public func typeInlineReply(_ text: String, buttons count: Int, timeout: Duration = TestDesktop.popupTimeout)
        async throws
    {
        try await clickButton(index: count - 1, of: count, timeout: timeout)
        let window = try await stablePopup(timeout: timeout)
        let field = try await plasmaAnalysis(window, "--field", timeout: timeout) { $0.count == 1 }[0]
        let (typed, _) = try await run(
            "xdotool",
            [
                "mousemove", field[1], field[2], "click", "1", "sleep", "0.1",
                "type", "--delay", "20", text,
            ])
        guard typed == 0 else { throw TestSupportError("xdotool could not type into the reply field (\(typed))") }
        let send = try await plasmaAnalysis(window, timeout: timeout) { $0.count == 1 }[0]
        try await click(x: send[1], y: send[2])
    }

    /// The lines of `popup-buttons --plasma WINDOW OPTIONS`, split into fields, once `accept`
    /// takes them (the popup is redrawn after each click); throws after `timeout`.
    private func plasmaAnalysis(
        _ window: String, _ options: String..., timeout: Duration,
        accept: ([[String]]) -> Bool
    ) async throws -> [[String]] {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while true {
            let (status, output) = try await run(
                Self.script("popup-buttons"), ["--plasma", window] + options, timeout: 70)
            let lines = output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            if status == 0, lines.allSatisfy({ $0.count == 5 }), accept(lines) { return lines }
            last = output
            guard ContinuousClock.now < deadline else {
                throw TestSupportError(
                    "popup-buttons --plasma \(window) \(options.joined(separator: " ")) found \(last) within \(timeout)"
                )
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
