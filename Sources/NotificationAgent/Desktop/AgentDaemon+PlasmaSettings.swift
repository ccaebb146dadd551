import DBus
import DesktopIntegration
import Foundation

extension AgentDaemon {
    /// KDE Plasma's per-app notification settings, when ``DesktopSettingsSelection`` picks KDE:
    /// its writes are announced on `connection` with KConfig's `ConfigChanged` signal, so that
    /// a running Plasma reads them.
    static func plasmaSettings(_ connection: DBusConnection) -> any DesktopAppSettingsStore {
        PlasmaNotificationSettings(announce: { group, keys in
            do {
                try connection.sendBlocking(
                    KConfigChangeSignal.message(fileName: "plasmanotifyrc", group: group, keys: keys))
            } catch {
                FileHandle.standardError.write(
                    Data("unotifyd: Plasma was not told of the change to plasmanotifyrc: \(error)\n".utf8))
            }
        })
    }
}
