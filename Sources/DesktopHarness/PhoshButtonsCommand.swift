import Foundation

/// `test-desktop phosh-buttons [N]`: where to click on Phosh's banner, read from a `grim`
/// screenshot of its output (``PhoshBannerFinder``): `banners N` (1 while a banner is on
/// screen, 0 when none; then it fails), `card X Y W H`, `body X Y` (the summary line: a click
/// there invokes `default` when the notification has one) and, with N, `INDEX X Y` for each of
/// its N action buttons, left to right, in the output's 360x720 layout. `--image FILE`: a saved
/// PPM instead of a screenshot (a test aid).
public enum PhoshButtonsCommand {
    public static func run(_ arguments: [String], environment: [String: String]) throws {
        var arguments = arguments
        let source = try ScreenSource(taking: &arguments, environment: environment, command: "phosh-buttons")
        guard let count = arguments.first.map({ Int($0) }) ?? 0 else {
            throw HarnessError("phosh-buttons: N takes a number, not '\(arguments[0])'")
        }
        let image = try source.waylandScreenshot(command: "phosh-buttons")
        guard let banner = PhoshBannerFinder.banner(in: image) else {
            print("banners 0")
            throw HarnessError("phosh-buttons: no banner on screen")
        }
        print("banners 1")
        print("card \(banner.card.words)")
        print("body \(banner.body.x) \(banner.body.y)")
        guard count != 0 else { return }
        let row = try PhoshBannerFinder.buttons(in: image, banner: banner, count: count)
        FileHandle.standardError.write(Data("buttons \(row.extent.words)\n".utf8))
        for (index, button) in row.buttons.enumerated() { print("\(index) \(button.x) \(button.y)") }
    }
}
