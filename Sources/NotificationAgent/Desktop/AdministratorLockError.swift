/// A switch the administrator locked (a dconf lock, KConfig's `[$i]`, xfconf's `locked`) at
/// another value than the one a change needs: the change is refused and nothing of it is saved
/// (the agent's own store is taken back), and the caller is told which lock holds it and who
/// can lift it.
struct AdministratorLockError: Error, CustomStringConvertible {
    /// The switch, as its desktop names it (`enable` of GNOME's `…/org-example-tea/`).
    let setting: String
    /// The lock and where it is set (`a dconf lock (…)`, `[$i] in /etc/xdg/plasmanotifyrc`).
    let lock: String

    var description: String {
        "\(setting) is locked by the administrator (\(lock)), so it cannot be changed and nothing was saved: "
            + "ask the administrator to unlock it"
    }
}
