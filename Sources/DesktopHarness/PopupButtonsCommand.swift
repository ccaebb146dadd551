import Foundation

/// `test-desktop popup-buttons WINDOW_ID [N_ACTIONS] [--gap PX] [--min-width PX] [--top] [--debug] [--save]`,
/// `test-desktop popup-buttons --plasma WINDOW_ID [--close | --field]` and
/// `test-desktop popup-buttons --labels WINDOW_ID N_ACTIONS`: the buttons of a notification
/// popup window under Xvfb, found in its pixels (``PopupButtonFinder``,
/// ``PlasmaPopupButtonFinder``, ``LabelButtonFinder``), one line a button, left to right:
/// `INDEX SCREEN_X SCREEN_Y WIDTH HEIGHT` (click one with `xdotool mousemove X Y click 1`).
/// `--top`: the title row's clusters (its right-most is the close "X"). As a test aid,
/// `--image FILE` reads a saved PPM or PAM instead of a screenshot, and `--geometry WxH+X+Y`
/// gives the window's place instead of asking xdotool.
public enum PopupButtonsCommand {
    public static func run(_ arguments: [String], environment: [String: String]) throws {
        var arguments = arguments
        let source = try ScreenSource(taking: &arguments, environment: environment, command: "popup-buttons")
        try source.require(
            "DISPLAY", tools: [("import", "imagemagick"), ("xdotool", "xdotool")], command: "popup-buttons")
        switch arguments.first {
        case "--plasma": try plasma(Array(arguments.dropFirst()), source: source)
        case "--labels": try labels(Array(arguments.dropFirst()), source: source)
        default: try clusters(arguments, source: source)
        }
    }

    /// Never `import -window ""`: without a window id, import waits for a pick with the mouse.
    private static func isWindowID(_ text: String) -> Bool {
        (!text.isEmpty && text.allSatisfy { ("0"..."9").contains($0) }) || (text.hasPrefix("0x") && text.count > 2)
    }

    private static func number(_ text: String, _ what: String) throws -> Int {
        guard let value = Int(text) else { throw HarnessError("popup-buttons: \(what) takes a number, not '\(text)'") }
        return value
    }

    private static func clusters(_ arguments: [String], source: ScreenSource) throws {
        var options = arguments
        var finder = PopupButtonFinder()
        for name in ["--gap", "--min-width"] {
            guard let at = options.firstIndex(of: name) else { continue }
            guard at + 1 < options.count else { throw HarnessError("popup-buttons: \(name) takes a number") }
            let value = try number(options[at + 1], name)
            if name == "--gap" { finder.gap = value } else { finder.minimumWidth = value }
            options.removeSubrange(at...(at + 1))
        }
        finder.top = arguments.contains("--top")
        let positional = options.filter { !$0.hasPrefix("--") }
        let window = positional.first ?? ""
        guard isWindowID(window) else { throw HarnessError("popup-buttons: bad window id '\(window)'") }
        let count = positional.count > 1 ? try number(positional[1], "N_ACTIONS") : 0
        guard count >= 0 else { throw HarnessError("popup-buttons: N_ACTIONS must not be negative") }
        let shot = try source.screenshot(["import", "-window", window, "-depth", "8", "pam:-"], format: .pam)
        guard let image = shot.image else {
            throw HarnessError(
                "popup-buttons: import -window \(window) printed no image (\(shot.run.status)): "
                    + shot.run.errors.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        if arguments.contains("--save"), !source.fromFile {
            _ = ToolRun.run(
                ["import", "-window", window, "popup-\(window).png"], environment: source.environment,
                timeout: .seconds(20))
        }
        let analysis = try finder.analyse(image)
        if arguments.contains("--debug") {
            FileHandle.standardError.write(Data((PopupButtonFinder.debugLine(analysis) + "\n").utf8))
        }
        let buttons = try finder.buttons(analysis, count: count)
        let place = try source.place(of: window, command: "popup-buttons")
        for (index, button) in buttons.enumerated() { print(button.moved(by: place.x, place.y).line(index)) }
    }

    private static func plasma(_ arguments: [String], source: ScreenSource) throws {
        let window = arguments.first { !$0.hasPrefix("--") } ?? ""
        guard isWindowID(window) else { throw HarnessError("plasma-popup-buttons: bad window id '\(window)'") }
        let place = try source.place(of: window, command: "plasma-popup-buttons")
        let shot = try source.screenshot(["import", "-window", "root", "-depth", "8", "ppm:-"], format: .ppm)
        guard let image = shot.image else { throw HarnessError("plasma-popup-buttons: unreadable screenshot") }
        let finder = PlasmaPopupButtonFinder(image: image, window: place)
        if arguments.contains("--close") {
            print(try finder.closeButton().line(0))
        } else if arguments.contains("--field") {
            print(try finder.replyField().line(0))
        } else {
            for (index, button) in try finder.buttons().enumerated() { print(button.line(index)) }
        }
    }

    private static func labels(_ arguments: [String], source: ScreenSource) throws {
        guard arguments.count >= 2 else {
            throw HarnessError("usage: popup-buttons --labels WINDOW_ID N_ACTIONS", status: 2)
        }
        let window = arguments[0]
        guard isWindowID(window) else { throw HarnessError("label_buttons: bad window id '\(window)'") }
        let count = try number(arguments[1], "N_ACTIONS")
        let place = try source.place(of: window, command: "label_buttons")
        let shot = try source.screenshot(["import", "-window", window, "-depth", "8", "ppm:-"], format: .ppm)
        guard let image = shot.image else { throw HarnessError("label_buttons: no image of window \(window)") }
        let buttons = try LabelButtonFinder.buttons(in: image, count: count, window: window)
        for (index, button) in buttons.enumerated() { print(button.moved(by: place.x, place.y).line(index)) }
    }
}
