import CSpawn
#if canImport(Glibc)
    import Glibc
#endif

/// The capture's own session bus: a `dbus-daemon` with a private configuration (its socket in
/// the capture's folder, an empty service folder, so that nothing is activated on it and the
/// only notification server is the capture's).
package struct CaptureBus: Sendable {
    package let process: CaptureProcess
    /// Its address, for `DBUS_SESSION_BUS_ADDRESS`.
    package let address: String

    /// The configuration: that of `dbus/session-bus.conf.in`, the tests' private bus.
    static func configuration(socket: String, services: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <keep_umask/>
          <listen>unix:path=\(socket)</listen>
          <auth>EXTERNAL</auth>
          <servicedir>\(services)</servicedir>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
          <limit name="reply_timeout">60000</limit>
          <limit name="max_replies_per_connection">50000</limit>
        </busconfig>
        """
    }

    /// Starts `dbus-daemon` (from `PATH`) in `directory` and waits at most `deadline` for its address.
    package init(in directory: CaptureDirectory, environment: [String: String], deadline: Duration = .seconds(10))
        throws(CaptureError)
    {
        // The folder comes from mkdtemp: letters, digits, '/', '-', '_' and '.' need no escaping
        // in XML or in a D-Bus address, anything else is refused.
        guard directory.path.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/-_.".contains($0)) })
        else {
            throw CaptureError("the folder \(directory.path) has characters a bus address cannot hold; set TMPDIR")
        }
        let services = try directory.folder("services")
        let config = try directory.write(
            Self.configuration(socket: directory.path + "/bus", services: services), to: "bus.conf")
        var ends: [Int32] = [0, 0]
        guard unotify_pipe_close_on_exec(&ends) == 0 else {
            throw CaptureError("cannot start dbus-daemon: pipe() failed")
        }
        defer { close(ends[0]) }
        let process: CaptureProcess
        do {
            process = try CaptureProcess(
                ["dbus-daemon", "--config-file=\(config)", "--nofork", "--print-address=1"],
                environment: environment, output: ends[1])
        } catch {
            close(ends[1])
            throw CaptureError(
                "cannot start the capture's bus: \(error) (install dbus-daemon: apt install dbus-daemon)")
        }
        close(ends[1])
        self.process = process
        guard let line = Self.readLine(ends[0], deadline: deadline), line.hasPrefix("unix:") else {
            kill(-process.pid, SIGKILL)
            var status: Int32 = 0
            waitpid(process.pid, &status, 0)
            throw CaptureError("dbus-daemon printed no address within \(deadline)")
        }
        address = line
    }

    /// The first line on `descriptor`, waiting at most `deadline`; nil at its end or the deadline.
    private static func readLine(_ descriptor: Int32, deadline: Duration) -> String? {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var bytes: [UInt8] = []
        while clock.now < end {
            let left = end - clock.now
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&watched, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return nil }
            bytes += buffer[0..<count]
            if let newline = bytes.firstIndex(of: 10) { return String(decoding: bytes[..<newline], as: UTF8.self) }
        }
        return nil
    }
}
