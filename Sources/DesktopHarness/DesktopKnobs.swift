/// What the caller asks of a desktop besides its server, from `DESKTOP_*` variables:
///
/// - `DESKTOP_UP_TIMEOUT`: seconds allowed for each start-up step (default 45: a step takes
///   under 3 s here, but budgie-daemon took over 15 s beside two busy loops);
/// - `DESKTOP_SCREEN`: Xvfb's screen geometry (default `1280x1024x24`);
/// - `DESKTOP_DISPLAY_FIRST`: the first X display number tried (default 90);
/// - `DESKTOP_X=0|1`: start Xvfb (default: 1, except for servers on Wayland and `none`, `dbusmock`);
/// - `DESKTOP_COMPOSITOR=0|1`: run xcompmgr (default: 1 for notify-osd, which draws nothing
///   without one);
/// - `DESKTOP_PULSE=0|1`: a private PulseAudio with a null sink `nullsink` (default 0);
/// - `DESKTOP_DUNST_LIMIT`: dunst's `notification_limit` (default 20);
/// - `DESKTOP_DBUSMOCK_CAPS`: the capabilities of the dbusmock server, e.g. `body actions`;
/// - `DESKTOP_GNOME_IDLE=1`: GNOME Shell counts the user as away (banners stay and queue);
/// - `DESKTOP_SWAYNC_TIMEOUT`: swaync's popup timeout in seconds (default 0: never);
/// - `DESKTOP_DESKTOP_FILES`: desktop entries (paths) GNOME Shell knows from its start;
/// - `DESKTOP_SWAY_UID`: the user sway runs as when the harness is root (default 65534);
/// - `DESKTOP_PHOSH_LOCKED=1`: phosh starts with its screen locked (`-L`; default: unlocked);
/// - `DESKTOP_PORTAL`: the notification portal's backend (`gtk`, `gnome`, `phosh`) to start with
///   the real xdg-desktop-portal beside the server (default: none; see ``DesktopPortal``);
/// - `DESKTOP_PUSH=kunifiedpush`: the real push stack, KUnifiedPush and ntfy from the sid chroot,
///   beside the server (default: none; see ``DesktopPushStack``).
struct DesktopKnobs: Sendable {
    let environment: [String: String]

    init(environment: [String: String]) { self.environment = environment }

    func string(_ name: String, default fallback: String = "") -> String {
        guard let value = environment[name], !value.isEmpty else { return fallback }
        return value
    }

    func flag(_ name: String, default fallback: Bool) -> Bool {
        guard let value = environment[name], !value.isEmpty else { return fallback }
        return value == "1"
    }

    var timeoutSeconds: Int { Int(string("DESKTOP_UP_TIMEOUT")) ?? 45 }
    var screen: String { string("DESKTOP_SCREEN", default: "1280x1024x24") }
    var firstDisplay: Int { Int(string("DESKTOP_DISPLAY_FIRST")) ?? 90 }
    var pulse: Bool { flag("DESKTOP_PULSE", default: false) }
    var dunstLimit: String { string("DESKTOP_DUNST_LIMIT", default: "20") }
    var dbusmockCapabilities: String { string("DESKTOP_DBUSMOCK_CAPS") }
    var gnomeIdle: Bool { flag("DESKTOP_GNOME_IDLE", default: false) }
    var swayncTimeout: String { string("DESKTOP_SWAYNC_TIMEOUT", default: "0") }
    var desktopFiles: [String] { string("DESKTOP_DESKTOP_FILES").split(separator: " ").map(String.init) }
    var swayUser: String { string("DESKTOP_SWAY_UID", default: "65534") }
    var portal: String { string("DESKTOP_PORTAL") }
    var push: String { string("DESKTOP_PUSH") }
    var phoshLocked: Bool { flag("DESKTOP_PHOSH_LOCKED", default: false) }

    /// The screen's width and height in pixels.
    var screenSize: (width: Int, height: Int) {
        let parts = screen.split(separator: "x").compactMap { Int($0) }
        return parts.count >= 2 ? (parts[0], parts[1]) : (1280, 1024)
    }
}
