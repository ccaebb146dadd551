import DBus
import FreedesktopNotifications

extension NotifyRequest {
    /// Sends `icon` (notify-send's `-i`) as notify-send 0.8.9 does for a server of the
    /// `specification` version: the `image-path` hint from 1.2, `image_path` for 1.1, and before
    /// that the app icon, when `-n` gave none.
    mutating func setIcon(_ icon: String, forSpecification specification: String) {
        let version = ServerVersion(specification) ?? ServerVersion(0)
        if version >= ServerVersion(1, 2) {
            hints.imagePath = icon
        } else if version >= ServerVersion(1, 1) {
            hints.vendor["image_path"] = DBusVariant(icon)
        } else if appIcon.isEmpty {
            appIcon = icon
        }
    }
}
