import Foundation

/// Which desktop's settings store is the truth for the agent: `UNOTIFY_DESKTOP_SETTINGS`
/// (`gnome`, `kde`, `xfce`, `swaync`, `none`) when set, else the desktop `XDG_CURRENT_DESKTOP` names; none (the
/// agent's own store alone) on a desktop without per-app settings.
package enum DesktopSettingsSelection: String, Sendable {
    case gnome
    case kde
    case xfce
    /// SwayNotificationCenter's `config.json`: only by `UNOTIFY_DESKTOP_SETTINGS=swaync`, as sway
    /// runs mako just as well.
    case swaync
    case none

    /// The selection for `environment`.
    package static func select(environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        if let chosen = environment["UNOTIFY_DESKTOP_SETTINGS"].flatMap(Self.init(rawValue:)) { return chosen }
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() }
        if desktops.contains(where: { $0 == "gnome" || $0 == "budgie" || $0.hasSuffix(":gnome") }) { return .gnome }
        if desktops.contains("kde") { return .kde }
        if desktops.contains("xfce") { return .xfce }
        return .none
    }
}
