import Foundation

/// `test-desktop e-popups [--close]`: Enlightenment's notification popups in a screenshot of the
/// X root window (``EnlightenmentPopupFinder``), one line `popup X Y W H` a card, top to bottom
/// (nothing when none is shown); with `--close`, then `close X Y`, the centre of the newest
/// card's close cross (a click there closes it: NotificationClosed reason 1, E's reasons being
/// one lower than the specification's). Fails if the screenshot fails or `--close` finds no
/// cross. With `--buttons N` (Enlightenment 0.27, which draws actions), `button X Y` for each
/// of the newest card's N labels, left to right (``EnlightenmentPopupFinder/buttons(in:popup:count:)``).
/// `--image FILE`: a saved PPM instead of a screenshot (a test aid).
public enum EnlightenmentPopupsCommand {
    public static func run(_ arguments: [String], environment: [String: String]) throws {
        var arguments = arguments
        let source = try ScreenSource(taking: &arguments, environment: environment, command: "e-popups")
        let shot = try source.screenshot(["import", "-window", "root", "-depth", "8", "ppm:-"], format: .ppm)
        guard shot.run.succeeded, let image = shot.image else {
            throw HarnessError("e-popups: import failed (\(shot.run.status)): \(shot.run.errors)")
        }
        let popups = EnlightenmentPopupFinder.popups(in: image)
        for popup in popups { print("popup \(popup.words)") }
        if let flag = arguments.firstIndex(of: "--buttons") {
            guard flag + 1 < arguments.count, let count = Int(arguments[flag + 1]), count > 0 else {
                throw HarnessError("e-popups: --buttons takes a number of buttons above 0")
            }
            guard let newest = popups.last else { throw HarnessError("e-popups: no popup on screen") }
            for button in try EnlightenmentPopupFinder.buttons(in: image, popup: newest, count: count) {
                print("button \(button.x) \(button.y)")
            }
        }
        guard arguments.contains("--close") else { return }
        guard let newest = popups.last else { throw HarnessError("e-popups: no popup on screen") }
        let cross = try EnlightenmentPopupFinder.closeCross(in: image, popup: newest)
        print("close \(cross.x) \(cross.y)")
    }
}
