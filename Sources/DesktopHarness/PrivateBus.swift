import DBus
import Foundation

/// A private dbus-daemon from the project's template, on a socket in the desktop's socket
/// directory; its address is what dbus-daemon itself prints once it listens.
enum PrivateBus {
    /// Starts a bus named `name` (`bus`, `system-bus`) and returns its address.
    static func start(_ name: String, in launch: DesktopLaunch) async throws -> (pid: pid_t, address: String) {
        let template = try String(
            contentsOfFile: "\(launch.packageRoot)/dbus/session-bus.conf.in", encoding: .utf8)
        let socket = "\(launch.socketDirectory)/\(name)"
        unlink(socket)
        try launch.write(
            BusConfiguration.fill(template: template, socketPath: socket, serviceDirectory: launch.path("services")),
            to: "\(name).conf")
        let pid = try launch.spawn(
            ["dbus-daemon", "--nofork", "--config-file=\(launch.path("\(name).conf"))", "--print-address=3"],
            name: name, log: "\(name).log", descriptor3: "\(name).address")
        try await launch.waitUntil("dbus-daemon \(name)", process: pid) { launch.hasLine("\(name).address") }
        return (pid, launch.firstLine("\(name).address"))
    }

    /// Starts the desktop's session bus, connects to it and exports its address.
    static func startSession(in launch: DesktopLaunch) async throws {
        let (pid, address) = try await start("bus", in: launch)
        launch.busPID = pid
        launch.busAddress = address
        launch.environment["DBUS_SESSION_BUS_ADDRESS"] = address
        try await launch.waitUntil("dbus-daemon ping", process: pid) {
            // try?: a bus not listening yet: the next look connects
            if launch.bus == nil { launch.bus = try? await DBusConnection.connect(address: address) }
            guard let bus = launch.bus else { return false }
            // try?: a bus not answering yet: the next look pings again
            return (try? await ping(bus)) != nil
        }
    }

    static func ping(_ bus: DBusConnection) async throws {
        _ = try await bus.call(
            .methodCall(
                destination: DBusConnection.busDaemon, path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus.Peer", member: "Ping"),
            timeout: .seconds(1))
    }
}
