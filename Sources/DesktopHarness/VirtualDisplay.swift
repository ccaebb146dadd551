import Foundation
import Glibc

/// Xvfb on the first free display from `DESKTOP_DISPLAY_FIRST`. With `-displayfd`, Xvfb writes
/// the number only once it has bound the display and accepts connections; if another X server
/// holds it, Xvfb exits and the next number is tried, so concurrent desktops never share one.
enum VirtualDisplay {
    static func start(in launch: DesktopLaunch) async throws {
        let first = launch.knobs.firstDisplay
        for number in first..<(first + 100) {
            if access("/tmp/.X\(number)-lock", F_OK) == 0 || access("/tmp/.X11-unix/X\(number)", F_OK) == 0 {
                continue
            }
            unlink(launch.path("display"))
            let pid = try DetachedSpawn.start(
                [
                    "Xvfb", ":\(number)", "-displayfd", "3", "-screen", "0", launch.knobs.screen, "-nolisten", "tcp",
                    "-noreset",
                ],
                environment: launch.environment, log: launch.path("xvfb.log"), descriptor3: launch.path("display"))
            let deadline = ContinuousClock.now + launch.timeout
            while !launch.hasLine("display") && ProcessTag.isAlive(pid) {
                guard ContinuousClock.now < deadline else {
                    kill(pid, SIGTERM)
                    throw HarnessError("Xvfb :\(number) not ready after \(launch.timeout)")
                }
                try await Task.sleep(for: .milliseconds(10))
            }
            guard launch.hasLine("display") else { continue }  // the display was taken meanwhile
            try launch.started(pid, name: "xvfb")
            let display = ":" + launch.firstLine("display")
            guard display == ":\(number)" else {
                throw HarnessError("Xvfb reported display '\(display)', expected :\(number)")
            }
            launch.xvfbPID = pid
            launch.display = display
            launch.environment["DISPLAY"] = display
            try await launch.waitUntil("Xvfb \(display)", process: pid) {
                launch.tool(["xdpyinfo", "-display", display]).succeeded
            }
            return
        }
        throw HarnessError(
            "no free X display in :\(first)..:\(first + 99); see \(launch.path("xvfb.log"))")
    }

    /// xcompmgr: it creates a window named "xcompmgr" once it holds the compositing selection.
    static func startCompositor(in launch: DesktopLaunch) async throws {
        let pid = try launch.spawn(["xcompmgr"], name: "xcompmgr", log: "xcompmgr.log")
        try await launch.waitUntil("xcompmgr", process: pid) {
            launch.tool(["xwininfo", "-root", "-tree", "-display", launch.display]).output.contains("\"xcompmgr\"")
        }
    }
}
