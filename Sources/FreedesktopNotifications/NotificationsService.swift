import DBus

/// The names of the Desktop Notifications Specification's D-Bus service, defined once.
public enum NotificationsService {
    /// `org.freedesktop.Notifications`, the well-known name the server owns.
    public static let busName: BusName = "org.freedesktop.Notifications"
    /// `/org/freedesktop/Notifications`.
    public static let path: ObjectPath = "/org/freedesktop/Notifications"
    /// `org.freedesktop.Notifications`.
    public static let interface: InterfaceName = "org.freedesktop.Notifications"
}
