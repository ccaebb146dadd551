import Foundation

extension DesktopLaunch {
    /// The running `test-desktop` itself, for the helpers a desktop keeps running (the held
    /// virtual pointer: `test-desktop wl-click --hold`).
    var harnessExecutable: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }
}
