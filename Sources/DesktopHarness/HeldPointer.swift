import Glibc

/// A virtual pointer held on a wlroots compositor's seat for the desktop's whole life, like a
/// mouse plugged in: a Wayland client binds its `wl_pointer` only once the seat has one, so it
/// must exist before the notification server starts, or the tests' later clicks
/// (`wl-click X Y`) could miss the server's surfaces. It is `test-desktop wl-click --hold` (``VirtualPointer/hold()``),
/// which prints a line once its pointer exists.
enum HeldPointer {
    /// Starts the pointer on the compositor at Wayland socket `socket` (an absolute path) and
    /// waits until it is there; `compositor` names the compositor in the error.
    @discardableResult
    static func hold(on socket: String, compositor: String, in launch: DesktopLaunch) async throws -> pid_t {
        let pid = try launch.spawn(
            [launch.harnessExecutable, "wl-click", "--hold"], name: "pointer", log: "pointer.log",
            overrides: ["WAYLAND_DISPLAY": socket])
        try await launch.waitUntil(
            "a virtual pointer on \(compositor) (see \(launch.path("pointer.log")))", process: pid
        ) { launch.hasLine("pointer.log") }
        return pid
    }
}
