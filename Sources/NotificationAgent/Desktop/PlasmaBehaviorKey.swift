/// The four per-app switches of KDE Plasma 5.27's notification settings
/// (`libnotificationmanager`'s `behaviorsettings.kcfg`), kept in `plasmanotifyrc` under
/// `[Applications][<desktop entry>]`, with the default Plasma reads when a key is absent.
package enum PlasmaBehaviorKey: String, CaseIterable, Sendable {
    /// "Show popups" ⇄ the alert switch.
    case showPopups = "ShowPopups"
    /// "Show in do not disturb mode" ⇄ time sensitive.
    case showPopupsInDndMode = "ShowPopupsInDndMode"
    /// "Show in history" ⇄ notification center.
    case showInHistory = "ShowInHistory"
    /// "Show notification badges" ⇄ badge.
    case showBadges = "ShowBadges"

    /// What Plasma reads when no file sets the key.
    package var builtInDefault: Bool { self != .showPopupsInDndMode }

    /// A value as `KConfigGroup::readEntry(key, bool)` reads it: `false`, `no`, `off` and `0`
    /// (in any case) are false, anything else true; no value is the default.
    package func flag(_ value: [UInt8]?) -> Bool {
        guard let value else { return builtInDefault }
        let text = String(decoding: value, as: UTF8.self).lowercased()
        return !["false", "no", "off", "0"].contains(text)
    }
}
