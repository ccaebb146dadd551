import DBus

/// The Unity launcher API's badge: `com.canonical.Unity.LauncherEntry.Update(s app_uri, a{sv})`,
/// which docks that follow it (Plasma, Dash to Dock, Plank, Latte) show on the app's icon.
package enum LauncherBadge {
    package static let interface: InterfaceName = "com.canonical.Unity.LauncherEntry"
    package static let path: ObjectPath = "/com/canonical/unity/launcherentry/unotify"

    /// The signal that shows `count` on the app's icon (0 hides the badge).
    package static func update(app: String, count: Int) -> DBusMessage {
        .signal(
            path: path, interface: interface, member: "Update",
            body: [
                .string("application://\(app).desktop"),
                ["count": DBusVariant(Int64(count)), "count-visible": DBusVariant(count > 0)].dbusValue,
            ])
    }
}
