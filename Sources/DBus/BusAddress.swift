#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where the session bus is, as libdbus's own lookup finds it, minus autolaunch.
enum BusAddress {
    /// `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus` when that socket exists.
    static func session() throws -> String {
        if let address = environment("DBUS_SESSION_BUS_ADDRESS"), !address.isEmpty {
            return address
        }
        if let runtime = environment("XDG_RUNTIME_DIR"), !runtime.isEmpty {
            let path = runtime + "/bus"
            if access(path, F_OK) == 0 { return "unix:path=" + path }
        }
        throw DBusError(
            .connectionFailed,
            "no session bus: DBUS_SESSION_BUS_ADDRESS is not set and $XDG_RUNTIME_DIR/bus does not exist; "
                + "run inside a desktop session or start one with dbus-run-session"
        )
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
