import DBus

/// KConfig's notice of a changed file (`KConfigBase::Notify`): the signal
/// `org.kde.kconfig.notify.ConfigChanged(a{saay})` from the object path `/<file name>`, which
/// every `KConfigWatcher` of the file (Plasma's notification settings among them) follows by
/// reading the file again. Nested group names are joined with `\u{1d}`, as KConfig does.
package enum KConfigChangeSignal {
    /// The signal for `keys` of `group` changed in the file named `fileName` (`plasmanotifyrc`).
    package static func message(fileName: String, group: [String], keys: [String]) throws -> DBusMessage {
        let keyList = DBusValue.array(
            element: .array(.byte), keys.map { .array(element: .byte, Array($0.utf8).map(DBusValue.byte)) })
        let changes = DBusValue.dictionary(
            key: .string, value: .array(.array(.byte)),
            [DBusDictionaryEntry(key: .string(group.joined(separator: "\u{1d}")), value: keyList)])
        return DBusMessage.signal(
            path: try ObjectPath(validating: "/" + fileName), interface: "org.kde.kconfig.notify",
            member: "ConfigChanged", body: [changes])
    }
}
