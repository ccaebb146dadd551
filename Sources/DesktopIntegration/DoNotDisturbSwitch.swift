/// Where a notification server keeps its do-not-disturb switch, read over D-Bus. Which server
/// keeps which is a row of ``DoNotDisturbRow/table``, or KDE's `inhibitions` capability; every
/// reader (the agent, `unotify server --explain`) asks ``of(_:)`` and reads it with
/// ``read(at:)``.
///
/// Each server follows its own switch: while it is on, it shows no popup for a notification that
/// is not let through (measured on Debian 12's servers; `docs/DESKTOP-SETTINGS.md`).
package enum DoNotDisturbSwitch: Sendable, Hashable {
    /// KDE Plasma: the server's `Inhibited` property (`Inhibit` / `UnInhibit`). Plasma 5.27 puts
    /// a notification that is not critical into its history, with no popup; a critical one pops up.
    case inhibited
    /// dunst: the property `paused` of `org.dunstproject.cmd0` on the server's object
    /// (`dunstctl set-paused true`). dunst 1.9 holds every notification while paused, critical
    /// ones too, and shows them when it resumes.
    case dunstPaused
    /// mako: the mode `do-not-disturb` among those `fr.emersion.Mako.ListModes` answers
    /// (`makoctl mode -a do-not-disturb`). What mako does in it is its configuration's
    /// `[mode=do-not-disturb]` section (`invisible=1` hides notifications).
    case makoMode
    /// xfce4-notifyd: the xfconf channel `xfce4-notifyd`, property `/do-not-disturb`, read from
    /// xfconfd (`org.xfce.Xfconf.GetProperty`); xfce4-notifyd then logs a notification that is
    /// not critical without a popup.
    case xfconf
    /// SwayNotificationCenter: `GetDnd` of `org.erikreider.swaync.cc` at `/org/erikreider/swaync/cc`
    /// (`swaync-client --dnd-on`), on the server's own connection, which owns both names. It is the
    /// running server's state; the copy swaync keeps in GSettings (`org.erikreider.swaync
    /// dnd-state`) needs GIO to read and says nothing where swaync runs on GSettings' memory
    /// backend. While it is on, swaync keeps notifications in its control center without a popup.
    /// From 0.8 an inhibitor (`IsInhibited`, `swaync-client --inhibitor-add`) does the same while
    /// `GetDnd` stays false: either one on is on.
    case swayncDnd
    /// Budgie: `GetDoNotDisturb` of `org.buddiesofbudgie.budgie.Dispatcher` at
    /// `/org/budgie_desktop/Notifications`, on budgie-daemon's connection (it also owns
    /// `org.budgie_desktop.Notifications`). Kept in memory only; while it is on, budgie-daemon
    /// shows no popup for a notification that is not critical and closes it at once.
    case budgieDispatcher
    /// awesome (naughty): `naughty.is_suspended()`, read with the fixed expression
    /// ``awesomeExpression`` through `Eval` of `org.awesomewm.awful.Remote` (what `awesome-client`
    /// calls; `awful.remote`, which the stock `rc.lua` loads through `awful`). Read only: nothing
    /// else is ever evaluated. While suspended, naughty holds every notification (critical ones
    /// too) hidden until `naughty.resume()`.
    case awesomeSuspended

    /// The Lua expression unotify evaluates in awesome: the suspension state, and nothing else.
    package static let awesomeExpression = "return require(\"naughty\").is_suspended()"

    /// Where the state is read, for `unotify server --explain`: "dunst: paused". (`.inhibited` is
    /// KDE's; any server with `inhibitions` reads it, Plasma the only one measured.)
    package var origin: String {
        switch self {
        case .inhibited: "Plasma: Inhibited"
        case .dunstPaused: "dunst: paused"
        case .makoMode: "mako: mode do-not-disturb"
        case .xfconf: "xfconf: xfce4-notifyd /do-not-disturb"
        case .swayncDnd: "SwayNotificationCenter: GetDnd, IsInhibited"
        case .budgieDispatcher: "Budgie: GetDoNotDisturb"
        case .awesomeSuspended: "awesome: naughty.is_suspended()"
        }
    }
}
