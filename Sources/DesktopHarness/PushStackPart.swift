import DBus
import Foundation
import Glibc

/// One process of the real push stack (``DesktopPushStack``): the push server (`server`, ntfy)
/// or the distributor (`distributor`, KUnifiedPush). Its command, written at the desktop's start
/// in `push/NAME.command` (one word a line), enters the desktop's chroot namespace, so that it
/// can be started again, by `test-desktop push start NAME`, by a process other than the one
/// that started the desktop; each start is recorded in `pids` as `push-NAME` and stopped with
/// the desktop.
struct PushStackPart {
    static let names = ["server", "distributor"]
    static let distributorName = "org.unifiedpush.Distributor.kde"

    let name: String
    let state: String

    init(_ name: String, state: String) throws {
        guard Self.names.contains(name) else {
            throw HarnessError("push stack part '\(name)': one of \(Self.names.joined(separator: " "))", status: 2)
        }
        self.name = name
        self.state = state
    }

    var commandFile: String { "\(state)/push/\(name).command" }
    var pidName: String { "push-\(name)" }

    /// Starts the part from its command file and waits (bounded) until it serves: the server
    /// accepts connections on its port, the distributor owns its bus name with its own PID.
    @discardableResult
    func start(timeout: Duration = .seconds(45)) async throws -> pid_t {
        let command = try String(contentsOfFile: commandFile, encoding: .utf8).split(separator: "\n").map(
            String.init)
        guard !command.isEmpty else { throw HarnessError("\(commandFile) is empty") }
        var log = "\(state)/push-\(name).log"
        var round = 1
        while FileManager.default.fileExists(atPath: log) {
            round += 1
            log = "\(state)/push-\(name).\(round).log"
        }
        let pid = try DetachedSpawn.start(command, environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"], log: log)
        guard let tag = ProcessTag(pid: pid) else { throw HarnessError("\(pidName) exited at once: see \(log)") }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(state)/pids"))
        // try?: closing a file just appended to loses nothing written
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\(tag) \(pidName)\n".utf8))
        let deadline = ContinuousClock.now + timeout
        let environment = EnvironmentFile.parsePlain(
            // try?: a desktop still starting has no env.plain yet: the address comes from push/bus
            (try? String(contentsOfFile: "\(state)/env.plain", encoding: .utf8)) ?? "")
        let address =
            environment["DBUS_SESSION_BUS_ADDRESS"]
            // try?: no file: the error below names what is missing
            ?? (try? String(contentsOfFile: "\(state)/push/bus", encoding: .utf8)) ?? ""
        var bus: DBusConnection?
        while true {
            guard ProcessTag.isAlive(pid) else { throw HarnessError("\(pidName) (pid \(pid)) exited: see \(log)") }
            if name == "server" {
                if Self.accepts(port: try port()) { return pid }
            } else {
                // try?: a bus not answering yet is asked again until the deadline
                if bus == nil { bus = try? await DBusConnection.connect(address: address) }
                // try?: the name is a constant, valid
                if let bus, let busName = try? BusName(validating: Self.distributorName),
                    // try?: a name nobody owns yet: the distributor is still starting
                    let owner = try? await bus.processID(of: busName), pid_t(owner) == pid
                {
                    return pid
                }
            }
            guard ContinuousClock.now < deadline else {
                throw HarnessError("\(pidName) not ready after \(timeout): see \(log)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Stops every running process recorded as this part (SIGTERM, then SIGKILL after 5 s) and
    /// waits until it has exited; how many there were.
    @discardableResult
    func stop() throws -> Int {
        // try?: no pids file: nothing of the desktop runs
        let pids = (try? String(contentsOfFile: "\(state)/pids", encoding: .utf8)) ?? ""
        let running = pids.split(separator: "\n").compactMap { line -> ProcessTag? in
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[1] == pidName, let tag = ProcessTag(text: parts[0]), tag.isAlive else {
                return nil
            }
            return tag
        }
        for tag in running { kill(tag.pid, SIGTERM) }
        let deadline = Date().addingTimeInterval(5)
        while running.contains(where: \.isAlive) {
            if Date() > deadline {
                for tag in running where tag.isAlive { kill(tag.pid, SIGKILL) }
            }
            guard Date() < deadline.addingTimeInterval(5) else {
                throw HarnessError("\(pidName) did not exit after SIGKILL")
            }
            usleep(20_000)
        }
        return running.count
    }

    /// The push server's port, from `push/port`.
    private func port() throws -> UInt16 {
        let text = try String(contentsOfFile: "\(state)/push/port", encoding: .utf8)
        guard let port = UInt16(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw HarnessError("\(state)/push/port holds no port")
        }
        return port
    }

    /// Whether a TCP connection to 127.0.0.1:`port` is accepted.
    static func accepts(port: UInt16) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// A TCP port on 127.0.0.1 that nobody listens on now (the kernel's choice).
    static func freePort() throws -> UInt16 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw HarnessError("socket(): errno \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw HarnessError("no free TCP port on 127.0.0.1: errno \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }
}
