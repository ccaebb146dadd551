/// Every server a private desktop can run, by the name the tests and scripts use.
enum DesktopCatalogue {
    static let recipes: [(name: String, recipe: any DesktopRecipe)] = [
        ("dunst", DunstServer()),
        ("xfce4-notifyd", XfceNotifyServer()),
        (
            "notification-daemon",
            StandaloneServer(
                command: ["/usr/lib/notification-daemon/notification-daemon"], package: "notification-daemon")
        ),
        (
            "mate",
            StandaloneServer(
                command: ["/usr/lib/mate-notification-daemon/mate-notification-daemon"],
                package: "mate-notification-daemon", sharedSettings: .gsettingsKeyfile)
        ),
        (
            "lxqt",
            StandaloneServer(
                command: ["/usr/bin/lxqt-notificationd"], package: "lxqt-notificationd",
                sharedSettings: .configurationFolder)
        ),
        (
            "notify-osd",
            StandaloneServer(
                command: ["/usr/lib/x86_64-linux-gnu/notify-osd"], package: "notify-osd", needsCompositor: true)
        ),
        ("gnome-shell", GnomeShellServer()),
        ("plasma", PlasmaAppletServer()),
        ("cinnamon", CinnamonServer()),
        ("budgie", BudgieServer()),
        ("awesome", AwesomeServer()),
        ("enlightenment", EnlightenmentServer()),
        ("mako", MakoServer()),
        ("swaync", SwayncServer()),
        ("mako-1.11", ChrootMakoServer()),
        ("swaync-0.12", ChrootSwayncServer()),
        ("budgie-10.10", ChrootBudgieServer()),
        ("dbusmock", DbusmockServer()),
        ("gnome-shell-48", GnomeShellChrootServer(major: "48", suite: "trixie")),
        ("gnome-shell-51", GnomeShellChrootServer(major: "51", suite: "sid")),
        ("plasma-6.3", PlasmaChrootAppletServer(version: "6.3", suite: "trixie")),
        ("plasma-6.7", PlasmaChrootAppletServer(version: "6.7", suite: "sid")),
        ("dunst-1.13", DunstChrootServer()),
        ("xfce4-notifyd-0.9", XfceNotifyChrootServer()),
        ("cinnamon-6.6", CinnamonChrootServer()),
        ("phosh-0.58", PhoshChrootServer()),
        ("lxqt-2.4", LxqtChrootServer()),
        ("enlightenment-0.27", EnlightenmentServer(chroot: ("trixie", "0.27"))),
        ("none", BusOnly()),
    ]

    static var names: [String] { recipes.map(\.name) }

    static func recipe(for name: String) -> (any DesktopRecipe)? {
        recipes.first { $0.name == name }?.recipe
    }
}
