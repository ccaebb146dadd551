import NotificationAgentClient

/// The desktop's own per-app notification settings (GNOME Settings › Notifications, KDE System
/// Settings › Notifications › Applications, …): the second input of each app's settings, as the
/// Settings app is on Apple's platforms. The agent's own store (`settings.json`) keeps what the
/// desktop has no field for; the fields the desktop holds are read from it and written to it.
///
/// The one seam through which a desktop's settings store enters the agent: `AgentAuthorizations`
/// reads every app's settings through it and writes every saved change through it, and
/// ``DesktopSettingsSelection`` picks the store of the running desktop. Nothing else in the
/// agent knows which desktop runs.
package protocol DesktopAppSettingsStore: Sendable {
    /// Where the user finds these settings on this desktop, as the prompt and `unotify settings`
    /// name it: "GNOME Settings › Notifications".
    var place: String { get }

    /// The key of the prompt's wording for `place` in the user's language (`place.gnome`,
    /// `place.kde`; by default `place.unotify`, which names `unotify settings APP`).
    var placeKey: String { get }

    /// The key of the wording that confirms turning an app off and says how to turn it on again
    /// (by default `turnOff.body`, which names `unotify settings APP allow`).
    var turnOffKey: String { get }

    /// The desktop's do-not-disturb switch, where it keeps one in this store (GNOME's
    /// `show-banners`); by default none (the server's own switch, if any, counts).
    var doNotDisturb: (any DoNotDisturbSource)? { get }

    /// `settings` (the agent's own, for `app`) with the fields the desktop holds for the app
    /// read from the desktop. Reads what the desktop has now: a change made there is seen by the
    /// next call.
    ///
    /// - Throws: when the desktop's store cannot be read (the caller then keeps its own, and
    ///   says so once); never an app allowed by mistake.
    func applying(to settings: AppSettings, app: String) throws -> AppSettings

    /// What counts for `app` while the desktop's store cannot be read: `own`, the agent's own
    /// settings, or a quieter form of them where the store may hold a switch that silences the
    /// app (Plasma's `ShowPopups=false`): never more than `own` shows.
    func settingsWhenUnreadable(_ own: AppSettings, app: String) -> AppSettings

    /// The name under which the desktop keeps `app`'s settings; `nil` where it keeps none for it.
    /// Apps with one name share the desktop's switches: such a shared switch may deny an app the
    /// agent's store has not denied, never authorize one it has (``AgentAuthorizations``).
    func settingsKey(for app: String) -> String?

    /// Writes the fields the desktop holds from `settings`, saved by the agent for `app`.
    ///
    /// - Throws: when the desktop's store cannot be written.
    func write(_ settings: AppSettings, app: String) throws
}

extension DesktopAppSettingsStore {
    package var placeKey: String { "place.unotify" }
    package var turnOffKey: String { "turnOff.body" }
    package var doNotDisturb: (any DoNotDisturbSource)? { nil }
    /// By default the agent's own settings count while the store cannot be read.
    package func settingsWhenUnreadable(_ own: AppSettings, app: String) -> AppSettings { own }
    /// By default each app has a name of its own: its identifier.
    package func settingsKey(for app: String) -> String? { app }
}
