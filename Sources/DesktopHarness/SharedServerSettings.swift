/// Where a ``StandaloneServer`` keeps a setting that unotify and the tests read or change too,
/// and so what clients of its desktop are given to reach it.
enum SharedServerSettings {
    /// Nothing shared: the server's configuration and GSettings stay private (GSettings in memory).
    case none
    /// Its configuration directory (`XDG_CONFIG_HOME` in the desktop's environment): LXQt's
    /// do-not-disturb, in `lxqt/notifications.conf`.
    case configurationFolder
    /// GSettings in a keyfile in that configuration directory rather than in memory, exported
    /// (`GSETTINGS_BACKEND=keyfile` and `XDG_CONFIG_HOME`) so that `gsettings` in a test and
    /// unotifyd read and change what the server reads: mate-notification-daemon's do-not-disturb.
    case gsettingsKeyfile
}
