import DesktopHarness
import Foundation

// test-desktop: private headless desktops for the tests, the demo, the screenshots and the
// benchmarks (the DesktopHarness library's own front end; not installed).
//
//   test-desktop up SERVER STATE_DIR   start one, print its `env` (also in STATE_DIR/env)
//   test-desktop down STATE_DIR        stop exactly what `up` started there
//   test-desktop servers               the SERVER names
//   test-desktop push start|stop server|distributor STATE_DIR
//                                      one part of the real push stack (DESKTOP_PUSH=kunifiedpush)
//   test-desktop wl-click X Y [--button B] [--extent WxH] [--move-only | --drag-to X2 Y2] | --hold
//                                      a Wayland virtual pointer's click, move, drag or presence
//   test-desktop popup-buttons [--plasma | --labels] WINDOW_ID ...
//                                      a popup window's buttons, from its pixels (X)
//   test-desktop e-popups [--close]    Enlightenment's popups (and the newest's close cross)
//   test-desktop swaync-buttons [N] [--layout 0.7|0.12]
//   test-desktop budgie-buttons [N] [--card K]
//   test-desktop phosh-buttons [N]
//                                      where to click on swaync's, Budgie 10.10's popup or
//                                      Phosh's banner (grim)
//   test-desktop gnome-shell-banner-box [--expand]
//                                      GNOME Shell's banner's box (WxH+X+Y)

let usage =
    "usage: test-desktop up SERVER STATE_DIR | down STATE_DIR | servers | wl-click X Y [OPTIONS] | wl-click --hold"
    + " | popup-buttons [--plasma | --labels] WINDOW_ID ... | e-popups [--close] | swaync-buttons [N] [OPTIONS]"
    + " | budgie-buttons [N] [--card K] | phosh-buttons [N] | gnome-shell-banner-box [--expand]"
    + " | push start|stop server|distributor STATE_DIR"
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment

let rest = Array(arguments.dropFirst())

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

/// Runs a screenshot reader: its error's message, and its status (2: a usage error).
func reader(_ body: () throws -> Void) {
    do { try body() } catch let error as HarnessError { fail(error.description, status: error.status) } catch {
        fail("\(error)")
    }
}

switch (arguments.first, arguments.count) {
case ("up", 3):
    HarnessSetUp.closeInheritedDescriptors()
    do {
        let text = try await DesktopStart.run(
            server: arguments[1], stateDirectory: arguments[2], packageRoot: HarnessSetUp.packageRoot(),
            environment: environment)
        print(text, terminator: "")
    } catch { fail("\(error)") }
case ("down", 2):
    do { print(try DesktopTeardown.run(stateDirectory: arguments[1], environment: environment)) } catch {
        fail("\(error)")
    }
case ("push", _):
    do { print(try await PushStackCommand.run(rest, environment: environment)) } catch let error as HarnessError {
        fail(error.description, status: error.status)
    } catch { fail("\(error)") }
case ("servers", 1):
    print(DesktopStart.serverNames.joined(separator: "\n"))
case ("wl-click", _):
    do { try PointerCommand.run(Array(arguments.dropFirst()), environment: environment) } catch { fail("\(error)") }
case ("popup-buttons", _):
    reader { try PopupButtonsCommand.run(rest, environment: environment) }
case ("e-popups", _):
    reader { try EnlightenmentPopupsCommand.run(rest, environment: environment) }
case ("swaync-buttons", _):
    reader { try SwayncButtonsCommand.run(rest, environment: environment) }
case ("budgie-buttons", _):
    reader { try BudgieButtonsCommand.run(rest, environment: environment) }
case ("phosh-buttons", _):
    reader { try PhoshButtonsCommand.run(rest, environment: environment) }
case ("gnome-shell-banner-box", _):
    reader { try GnomeShellBannerBoxCommand.run(rest, environment: environment) }
default:
    fail(usage, status: 2)
}
