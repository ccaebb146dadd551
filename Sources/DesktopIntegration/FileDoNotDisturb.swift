#if canImport(Glibc)
    import Glibc
#endif

/// A desktop's do-not-disturb switch kept in a settings file, which the agent and the CLI both
/// read themselves (no bus, no GIO): a ``DoNotDisturbPlace/inFile(_:)``. It is read again before
/// each delivery, so a change is followed at once, as the server follows it (lxqt-notificationd
/// watches its file).
package enum FileDoNotDisturb: Sendable, Hashable {
    /// LXQt: `doNotDisturb` in `lxqt/notifications.conf` (`[General]`), the switch of
    /// lxqt-notificationd's tray menu and of `lxqt-config-notificationd`, read as
    /// `LXQt::Settings("notifications").value("doNotDisturb", false).toBool()` reads it
    /// (``QSettingsFiles``, ``QSettingsValue/qtBoolean``): off when no file has the key.
    case lxqtNotifications

    /// The files, and the key in them.
    package var files: QSettingsFiles { QSettingsFiles(organization: "lxqt", application: "notifications") }
    package var key: String { "doNotDisturb" }

    /// Where the state is read, for `unotify server --explain`: "LXQt: doNotDisturb in
    /// lxqt/notifications.conf".
    package var origin: String { "LXQt: \(key) in lxqt/notifications.conf" }

    /// The process's environment variable `name`.
    package static func processEnvironment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Whether the switch is on, read from the first file that has the key (``QSettingsFiles``);
    /// off when none has it, the server's default. A file that is missing or cannot be read is
    /// passed over, as Qt passes over it.
    ///
    /// - Throws: ``SettingsFileError`` when the key holds a value unotify cannot tell true or false
    ///   (a streamed `@Variant`), or a file is too large to be a settings file.
    package func read(environment: (String) -> String? = processEnvironment) throws(SettingsFileError) -> Bool {
        for path in files.paths(environment: environment) {
            guard let bytes = try SettingsFileReader.bytes(at: path),
                let value = QSettingsIniDocument(bytes).value(of: key)
            else { continue }
            guard let on = value.qtBoolean else {
                throw SettingsFileError("\(key) in \(path) is a value unotify cannot read as true or false: \(value)")
            }
            return on
        }
        return false
    }
}
