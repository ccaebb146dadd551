import Foundation

extension TestDesktop {
    /// KDE Plasma: the user answers the newest popup's inline-reply action by typing, as a person
    /// does: a click on the popup's reply button (of its `count` buttons, Plasma 5.27 puts it
    /// last, Plasma 6 first: measured on 6.3.6 and 6.7.4, "Reply" left of "Like"), which opens
    /// the reply field; once the field is drawn and stands still
    /// (`popup-buttons --plasma WINDOW --field` finds it at the same place twice, on a popup
    /// whose geometry did not change meanwhile), a click into it, `text` typed with xdotool (the
    /// pointer stays over the field: on Xvfb without a window manager the keyboard follows the
    /// pointer), and a click on the field's send button, which Plasma enables once there is
    /// text (the only framed button left).
    ///
    /// Under load Plasma grows and moves the popup after the field is first drawn, so a click
    /// may miss the field and the typing go nowhere (seen in a full `swift test`: no send button
    /// within 30 s). A person then clicks into the field again, selects what is there and types
    /// the text again; so does this, at most three times in all. Each wait is bounded by
    /// `timeout`.
    ///
    /// With `missingTheFirstClick`, the first click lands beside the popup (what a popup moving
    /// under the pointer does), so that a test sees the repeated click recover.
    public func typeInlineReply(
        _ text: String, buttons count: Int, missingTheFirstClick: Bool = false,
        timeout: Duration = TestDesktop.popupTimeout
    ) async throws {
        let reply = server == "plasma" ? count - 1 : 0
        if missingTheFirstClick {
            _ = try await stablePopupLine(timeout: timeout)
            try await click(x: "1", y: "1")
        } else {
            try await clickButton(index: reply, of: count, timeout: timeout)
        }
        let deadline = ContinuousClock.now + timeout
        var failures: [String] = []
        for attempt in 1...3 {
            let (window, field) = try await settledReplyField(reply: reply, of: count, until: deadline)
            var keys = ["mousemove", field[1], field[2], "click", "1", "sleep", "0.2"]
            if attempt > 1 { keys += ["key", "ctrl+a", "sleep", "0.1"] }
            keys += ["type", "--delay", "20", text]
            let (typed, _) = try await run("xdotool", keys)
            guard typed == 0 else { throw TestSupportError("xdotool could not type into the reply field (\(typed))") }
            let sendBy = min(deadline, ContinuousClock.now + .seconds(8))
            switch try await plasmaAnalysis(window, until: sendBy, accept: { $0.count == 1 }) {
            case .found(let send):
                try await click(x: send[0][1], y: send[0][2])
                return
            case .notFound(let last):
                failures.append("attempt \(attempt): no send button enabled (\(last))")
            }
        }
        throw TestSupportError("the reply was not typed into Plasma's field: \(failures.joined(separator: "; "))")
    }

    /// The newest popup and its reply field ("INDEX X Y W H", split), once the field is found at
    /// the same place twice in a row and the popup's geometry did not change in between.
    ///
    /// Plasma hides the popup's buttons while its reply field is open. The same buttons, at the
    /// same place on a popup that stood still, in two looks in a row without a field mean the
    /// click on the reply button (`reply` of `count`) went nowhere (the popup moved under it:
    /// seen beside two busy loops, "no reply field" until the deadline), so it is clicked again
    /// once, as a person would. (Clicked again on every look, a click that had arrived but was
    /// not drawn yet was followed by one on the popup's body, which closed it.)
    private func settledReplyField(reply: Int, of count: Int, until deadline: ContinuousClock.Instant)
        async throws -> (String, [String])
    {
        var previous: (popup: String, field: [String])?
        var last = ""
        var reclicked = false
        var buttonsSeen: (popup: String, buttons: [[String]])?
        while ContinuousClock.now < deadline {
            let popup = try await stablePopupLine(timeout: deadline - ContinuousClock.now)
            let window = String(popup.split(separator: " ")[0])
            switch try await plasmaAnalysis(window, "--field", until: ContinuousClock.now, accept: { $0.count == 1 }) {
            case .found(let lines):
                let field = lines[0]
                if let previous, previous.popup == popup, previous.field == field,
                    try await newestPopup() == popup
                {
                    return (window, field)
                }
                previous = (popup, field)
            case .notFound(let analysis):
                last = analysis
                previous = nil
                guard !reclicked,
                    case .found(let buttons) = try await plasmaAnalysis(
                        window, until: ContinuousClock.now, accept: { $0.count == count }),
                    try await newestPopup() == popup
                else {
                    buttonsSeen = nil
                    break
                }
                if let buttonsSeen, buttonsSeen.popup == popup, buttonsSeen.buttons == buttons {
                    reclicked = true
                    try await click(x: buttons[reply][1], y: buttons[reply][2])
                }
                buttonsSeen = (popup, buttons)
            }
            try await Task.sleep(for: .milliseconds(150))
        }
        throw TestSupportError("Plasma's reply field did not settle before the deadline (last: \(last))")
    }

    /// What `popup-buttons --plasma` found: the accepted lines, or its last output and errors.
    private enum PlasmaAnalysis {
        case found([[String]])
        case notFound(String)
    }

    /// The lines of `popup-buttons --plasma WINDOW OPTIONS`, split into fields, once `accept`
    /// takes them (the popup is redrawn after each click), tried at least once and until
    /// `deadline`.
    private func plasmaAnalysis(
        _ window: String, _ options: String..., until deadline: ContinuousClock.Instant,
        accept: ([[String]]) -> Bool
    ) async throws -> PlasmaAnalysis {
        var last = ""
        while true {
            let (status, output, errors) = try await capture(
                Self.harness, ["popup-buttons", "--plasma", window] + options, timeout: 70)
            let lines = output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            if status == 0, lines.allSatisfy({ $0.count == 5 }), accept(lines) { return .found(lines) }
            last = "exit \(status): \(output)\(errors)".trimmingCharacters(in: .whitespacesAndNewlines)
            guard ContinuousClock.now < deadline else { return .notFound(last) }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
