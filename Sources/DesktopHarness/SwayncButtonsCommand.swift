import Foundation

/// `test-desktop swaync-buttons [N] [--close] [--layout 0.7|0.12]`: where to click on
/// SwayNotificationCenter's newest popup, read from a `grim` screenshot of the sway output
/// (``SwayncButtonFinder``): `body X Y` (the summary line: a click invokes `default`),
/// `close X Y` (the close cross, drawn while the pointer is over the card) and, with N,
/// `INDEX X Y` for each of its N action buttons, left to right; the card's box goes to the
/// standard error. The layout is 0.12's when `DESKTOP_SERVER` is `swaync-0.12`, else 0.7's.
/// Fails with a message when no card is on screen. `--image FILE`: a saved PPM (a test aid).
public enum SwayncButtonsCommand {
    public static func run(_ arguments: [String], environment: [String: String]) throws {
        var arguments = arguments
        let source = try ScreenSource(taking: &arguments, environment: environment, command: "swaync-buttons")
        var layoutName = environment["DESKTOP_SERVER"] == "swaync-0.12" ? "0.12" : "0.7"
        if let at = arguments.firstIndex(of: "--layout") {
            guard at + 1 < arguments.count else { throw HarnessError("swaync-buttons: --layout takes 0.7 or 0.12") }
            layoutName = arguments[at + 1]
            arguments.removeSubrange(at...(at + 1))
        }
        let positional = arguments.filter { !$0.hasPrefix("--") }
        guard let count = positional.first.map({ Int($0) }) ?? 0 else {
            throw HarnessError("swaync-buttons: N takes a number, not '\(positional[0])'")
        }
        let image = try source.waylandScreenshot(command: "swaync-buttons")
        guard let layout = SwayncButtonFinder.Layout(rawValue: layoutName) else {
            throw HarnessError("swaync-buttons: unknown layout \(layoutName) (0.7 or 0.12)")
        }
        let popup = try SwayncButtonFinder.popup(in: image, layout: layout)
        FileHandle.standardError.write(Data("card \(popup.card.words)\n".utf8))
        print("body \(popup.body.x) \(popup.body.y)")
        print("close \(popup.close.x) \(popup.close.y)")
        guard count != 0 else { return }
        let buttons = try SwayncButtonFinder.buttons(in: image, popup: popup, count: count, layout: layout)
        for (index, button) in buttons.enumerated() { print("\(index) \(button.x) \(button.y)") }
    }
}
