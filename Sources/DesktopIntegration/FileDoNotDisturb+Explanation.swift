import FreedesktopNotifications

extension FileDoNotDisturb {
    /// Whether notifications still reach the user in the end while the switch is on: false for
    /// LXQt, which draws none, critical ones neither.
    var worksWhileOn: Bool {
        switch self {
        case .lxqtNotifications: false
        }
    }

    /// What the server and unotifyd do while the switch is on (measured).
    var whileOn: String {
        switch self {
        case .lxqtNotifications:
            "while LXQt's do-not-disturb is on, lxqt-notificationd draws no popup, critical ones neither (unless "
                + "one from before is still on screen: new ones are drawn beside it), and keeps each hidden until it "
                + "expires; switched off, it shows those it still holds with the next one it draws; unotifyd plays "
                + "no sound but a critical one's"
        }
    }
}
