import DBus
import Foundation

extension AgentDaemon {
    /// Xfce's muted applications, when ``DesktopSettingsSelection`` picks Xfce, followed on a
    /// connection of their own (its `SetProperty` is a blocking call, kept off the agent's
    /// connection); `nil`, said on stderr, when xfconfd cannot be read.
    static func xfceSettings() async -> (any DesktopAppSettingsStore)? {
        do {
            return try await XfceNotificationSettings(connection: try DBusConnection.sessionBus())
        } catch {
            FileHandle.standardError.write(
                Data(
                    ("unotifyd: Xfce's notification settings (xfconfd) cannot be used, so unotify's own settings "
                        + "count alone: \(error)\n").utf8))
            return nil
        }
    }
}
