import DesktopHarness
import Foundation

// test-desktop: private headless desktops for the tests, the demo, the screenshots and the
// benchmarks (the DesktopHarness library's own front end; not installed).
//
//   test-desktop up SERVER STATE_DIR   start one, print its `env` (also in STATE_DIR/env)
//   test-desktop down STATE_DIR        stop exactly what `up` started there
//   test-desktop servers               the SERVER names
//   test-desktop wl-click X Y [--button B] [--extent WxH] [--move-only] | --hold
//                                      a Wayland virtual pointer's click, move or presence

let usage =
    "usage: test-desktop up SERVER STATE_DIR | down STATE_DIR | servers | wl-click X Y [OPTIONS] | wl-click --hold"
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
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
case ("servers", 1):
    print(DesktopStart.serverNames.joined(separator: "\n"))
case ("wl-click", _):
    do { try PointerCommand.run(Array(arguments.dropFirst()), environment: environment) } catch { fail("\(error)") }
default:
    fail(usage, status: 2)
}
