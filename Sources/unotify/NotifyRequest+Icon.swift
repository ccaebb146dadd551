import DBus
import FreedesktopNotifications

extension NotifyRequest {
    /// Sends `icon` (notify-send's `-i`) as notify-send 0.8.9 does for a server of the
    /// `specification` version: the `image-path` hint from 1.2, `image_path` for 1.1, and before
    /// that the app icon, when `-n` gave none.
    mutating func setIcon(_ icon: String, forSpecification specification: String) {
        let parts = specification.split(separator: ".", maxSplits: 1).map { Int($0.prefix { $0.isNumber }) ?? 0 }
        let version = (parts.first ?? 0, parts.count > 1 ? parts[1] : 0)
        if version >= (1, 2) {
            hints.imagePath = icon
        } else if version >= (1, 1) {
            hints.vendor["image_path"] = DBusVariant(icon)
        } else if appIcon.isEmpty {
            appIcon = icon
        }
    }
}
