import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

extension PlasmaNotificationSettings {
    /// Writes the app's switches to `plasmanotifyrc` as Plasma's settings page would: a switch
    /// that is off is written `false` (time sensitive: on is written `true`), one at Plasma's
    /// default is removed unless a system file sets it (then the user's value is written, so the
    /// administrator's default never shows through the user's choice); a reset app's keys are
    /// removed. Locked (`[$i]`) keys are left as the administrator set them, and a change that
    /// needs one of them at another value is refused (``AdministratorLockError``), writing
    /// nothing; a switch the app does not have (`.notSupported`) is left as it is. Nothing is
    /// written when nothing changes. Under KConfig's lock file, read again just before, replaced
    /// atomically, then announced (the keys whose value changed). As KConfig
    /// writes: through a symbolic link to its target, keeping the file's mode (0600 for a new
    /// one); a file the user made read-only is left as it is, and the write refused.
    package func write(_ settings: AppSettings, app: String) throws {
        guard let entry = desktopEntry(app) else { return }
        let group = ["Applications", entry]
        let wanted = Self.flags(of: settings)
        guard !wanted.isEmpty else { return }
        let decided = Set(Self.desktopFields(of: settings))
        let forgotten = settings.authorization == .notDetermined
        try makeDirectoryIfMissing()
        let changed: [String] = try KConfigLockFile.withLock(of: path) {
            let (defaults, user) = try documents()
            var changes: [(key: String, value: String?)] = []
            var differing: [String] = []
            for (key, on) in wanted {
                let lookup = KConfigLookup(
                    key: key.rawValue, group: group, defaults: defaults, user: user, locale: "C")
                if lookup.isImmutable {
                    // A locked switch Plasma decides for these settings, at another value: refused.
                    guard !decided.contains(key) || key.flag(lookup.value) == on else {
                        throw lockError(key, group: group)
                    }
                    continue
                }
                // A reset app (not determined) has no switches of its own: the user's keys go,
                // and the administrator's defaults count again. Otherwise a switch is removed
                // only when nothing but Plasma's built-in default would then count.
                let keep = forgotten || (on == key.builtInDefault && !lookup.hasDefault)
                let value = keep ? nil : (on ? "true" : "false")
                changes.append((key.rawValue, value))
                let mine = KConfigLookup(key: key.rawValue, group: group, defaults: [], user: user, locale: "C")
                if mine.value != value.map({ Array($0.utf8) }) { differing.append(key.rawValue) }
            }
            let old = user?.bytes ?? []
            let document = try user ?? KConfigDocument(bytes: [])
            let new = document.setting(changes, in: group)
            guard new != old else { return [] }
            let target = try PrivateFileSystem.writeTarget(of: path)
            try PrivateFileSystem.writeAtomically(
                new, to: target.path, in: target.directory, temporaryPrefix: ".plasmanotifyrc.unotify.",
                mode: target.mode)
            return differing.isEmpty ? changes.map(\.key) : differing
        }
        if !changed.isEmpty { announce(group, changed) }
    }

    /// The refusal of a change to `key`, which the administrator locked (`[$i]`) in a system file.
    private func lockError(_ key: PlasmaBehaviorKey, group: [String]) -> AdministratorLockError {
        AdministratorLockError(
            setting: "KDE's \(key.rawValue) of [\(group.joined(separator: "]["))]",
            lock: "[$i] in \(defaultPaths.reversed().joined(separator: " or "))")
    }

    /// Each switch Plasma has, from the agent's settings: what is on, or off; none for a field
    /// the app does not have. A denied app is off everywhere; an app not asked yet is at
    /// Plasma's defaults.
    static func flags(of settings: AppSettings) -> [(PlasmaBehaviorKey, Bool)] {
        if settings.authorization == .notDetermined {
            return PlasmaBehaviorKey.allCases.map { ($0, $0.builtInDefault) }
        }
        let switches: [(PlasmaBehaviorKey, AppSettings.Switch)] = [
            (.showPopups, settings.alert), (.showPopupsInDndMode, settings.timeSensitive),
            (.showInHistory, settings.notificationCenter), (.showBadges, settings.badge),
        ]
        return switches.compactMap { key, value in value == .notSupported ? nil : (key, value == .enabled) }
    }

    /// The directory of `plasmanotifyrc`.
    var directory: String {
        String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    }

    /// Creates `$XDG_CONFIG_HOME` (0700) when it does not exist; an existing one is left as it is.
    private func makeDirectoryIfMissing() throws {
        var status = stat()
        if stat(directory, &status) == 0 { return }
        try PrivateFileSystem.makePrivateDirectory(directory)
    }
}
