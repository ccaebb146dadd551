import Foundation

/// `test-desktop budgie-buttons [N] [--card K]`: where to click on a Budgie 10.10 popup
/// (budgie-daemon on labwc), read from a `grim` screenshot of the output
/// (``BudgieButtonFinder``): `cards N` (how many popups are on screen; then fails when none),
/// `card X Y W H`, `body X Y` (the summary line: a click there invokes `default` when the
/// notification has one, and closes it, reason 2), `close X Y` (the round close button, reason
/// 2) and, with N, `INDEX X Y` for each of its N action buttons, left to right. K counts the
/// cards from the top, 0 first (negative: from the bottom); the default is the newest, the
/// lowest. `--image FILE`: a saved PPM instead of a screenshot (a test aid).
public enum BudgieButtonsCommand {
    public static func run(_ arguments: [String], environment: [String: String]) throws {
        var arguments = arguments
        let source = try ScreenSource(taking: &arguments, environment: environment, command: "budgie-buttons")
        var chosen: Int?
        if let at = arguments.firstIndex(of: "--card") {
            guard at + 1 < arguments.count, let index = Int(arguments[at + 1]) else {
                throw HarnessError("budgie-buttons: --card takes a number")
            }
            chosen = index
            arguments.removeSubrange(at...(at + 1))
        }
        guard let count = arguments.first.map({ Int($0) }) ?? 0 else {
            throw HarnessError("budgie-buttons: N takes a number, not '\(arguments[0])'")
        }
        let image = try source.waylandScreenshot(command: "budgie-buttons")
        let cards = BudgieButtonFinder.cards(in: image)
        print("cards \(cards.count)")
        guard !cards.isEmpty else { throw HarnessError("budgie-buttons: no popup on screen") }
        let index = chosen.map { $0 < 0 ? $0 + cards.count : $0 } ?? cards.count - 1
        guard cards.indices.contains(index) else {
            throw HarnessError("budgie-buttons: only \(cards.count) popup(s) on screen")
        }
        let popup = BudgieButtonFinder.popup(in: image, rows: cards[index])
        print("card \(popup.card.words)")
        print("body \(popup.body.x) \(popup.body.y)")
        print("close \(popup.close.x) \(popup.close.y)")
        guard count != 0 else { return }
        let row = try BudgieButtonFinder.buttons(in: image, popup: popup, count: count)
        FileHandle.standardError.write(Data("buttons \(row.extent.words)\n".utf8))
        for (index, button) in row.buttons.enumerated() { print("\(index) \(button.x) \(button.y)") }
    }
}
