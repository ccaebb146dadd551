extension DoNotDisturbRow {
    /// Every measured place, by server. Add a row here, with its evidence, rather than a branch
    /// on a server's name anywhere else.
    package static let table: [DoNotDisturbRow] = [
        DoNotDisturbRow(
            "gnome-shell", vendor: "GNOME", .inGSettings(.gnomeShowBanners),
            evidence: "43.9, 48.7, 51.0: show-banners off hides every banner but the critical prompt's (measured; "
                + "GnomeShellSettingsEndToEndTests)"),
        DoNotDisturbRow(
            "Phosh Notify Daemon", vendor: "Phosh", .inGSettings(.gnomeShowBanners),
            evidence: "0.58.0: its do-not-disturb switch is GNOME's show-banners; off, no banner was drawn, for a "
                + "critical notification neither (unlike GNOME Shell), and feedbackd's profile is set to quiet "
                + "(measured with grim and dbus-monitor)"),
        DoNotDisturbRow(
            "dunst", .onTheBus(.dunstPaused),
            evidence: "1.9: paused (dunstctl set-paused true) holds every notification, critical ones too, until "
                + "it resumes; 1.13.2 the same at pause level 100, and `paused` reads any level above 0 "
                + "(measured; DoNotDisturbEndToEndTests)"),
        DoNotDisturbRow(
            "mako", .onTheBus(.makoMode),
            evidence: "1.7.1 and 1.11.0: the mode do-not-disturb (makoctl mode -a) is listed by ListModes; mako "
                + "hides only what its [mode=do-not-disturb] section says (measured; DoNotDisturbEndToEndTests)"),
        DoNotDisturbRow(
            "SwayNotificationCenter", .onTheBus(.swayncDnd),
            evidence: "0.7.3: GetDnd answers the running server's state (swaync-client --dnd-on); 0.12.6 the "
                + "same, and an inhibitor (swaync-client --inhibitor-add) holds popups while GetDnd stays false, "
                + "IsInhibited true (measured; AgentNewServersDoNotDisturbTests, DoNotDisturbEndToEndTests)"),
        DoNotDisturbRow(
            "Xfce Notify Daemon", .onTheBus(.xfconf),
            evidence: "0.7.3 and 0.9.7: xfconf's xfce4-notifyd /do-not-disturb; a notification that is not "
                + "critical is logged without a popup (measured; DoNotDisturbEndToEndTests)"),
        DoNotDisturbRow(
            "cinnamon", .inGSettings(.cinnamonDisplayNotifications),
            evidence: "5.6: display-notifications off shows no banner but the critical prompt's (measured; "
                + "CinnamonDoNotDisturbProcessTests); 6.6.9 the same switch (measured; DoNotDisturbEndToEndTests)"),
        DoNotDisturbRow(
            "Budgie Notification Server", .onTheBus(.budgieDispatcher),
            evidence: "10.7: GetDoNotDisturb on budgie-daemon's Dispatcher; while on, no popup for a notification "
                + "that is not critical (measured; AgentNewServersDoNotDisturbTests); 10.10.3 the same Dispatcher "
                + "(measured; DoNotDisturbEndToEndTests)"),
        DoNotDisturbRow(
            "e17",
            .nowhere(
                reason: "Enlightenment has no do-not-disturb: its notification module only filters by urgency "
                    + "(show_low, show_normal, show_critical in its settings), which unotify does not read"),
            evidence: "0.25.4: its notification module keeps urgency filters and no do-not-disturb state (read in its "
                + "code; DoNotDisturbReadTests)"),
        DoNotDisturbRow(
            "Notification Service", vendor: "Enlightenment",
            .nowhere(
                reason: "Enlightenment has no do-not-disturb: its notification module only filters by urgency "
                    + "(show_low, show_normal, show_critical in its settings), which unotify does not read"),
            evidence: "0.27.1: the module's settings are still show_low, show_normal, show_critical, force_timeout "
                + "and dual_screen, no do-not-disturb (read in its code as shipped, the strings of Debian 13's "
                + "module.so; DoNotDisturbReadTests)"),
        DoNotDisturbRow(
            "lxqt-notificationd", vendor: "lxqt.org", .inFile(.lxqtNotifications),
            evidence: "1.2.0 and 2.4.0: doNotDisturb=true in lxqt/notifications.conf (what its tray menu and "
                + "lxqt-config-notificationd write) draws no popup while none is on screen, critical ones neither, "
                + "and the server reloads the changed file after 0.97 to 1.11 s (measured; "
                + "LxqtDoNotDisturbEndToEndTests)"),
        DoNotDisturbRow(
            "Notification Daemon", vendor: "MATE", .inGSettings(.mateDoNotDisturb),
            evidence: "1.26.0: do-not-disturb on (its applet's switch) answers every Notify with an id and draws "
                + "nothing, critical ones neither, plays no sound and never sends NotificationClosed; the server "
                + "reads the key at each Notify and followed gsettings set within 14-38 ms (on) and 30-58 ms "
                + "(off) (measured; DoNotDisturbEndToEndTests)"),
        DoNotDisturbRow(
            "naughty", .onTheBus(.awesomeSuspended),
            evidence: "4.3: naughty.is_suspended() through Eval of org.awesomewm.awful.Remote; while suspended "
                + "every notification is held hidden (measured; AgentNewServersDoNotDisturbTests)"),
    ]
}
