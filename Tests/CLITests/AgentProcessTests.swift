import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// The built `unotify` and `unotifyd` as processes: starting the agent on demand (spawned, or by
/// D-Bus activation), one agent per bus, and `unotifyd --install`.
@Suite(.timeLimit(.minutes(1))) struct AgentProcessTests {
    @Test func theCLIStartsTheAgentWhichOutlivesIt() async throws {
        let bus = try PrivateBus()
        _ = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-state")
        let environment = ["XDG_STATE_HOME": state.path]
        let watcher = try DBusConnection(address: bus.address)
        #expect(try await watcher.nameOwner(of: "org.unotify.Agent") == nil, "an agent ran before the CLI")
        let cli = try UNotifyProcess.start(
            ["settings", "org.example.Tea", "allow"], busAddress: bus.address, extraEnvironment: environment)
        #expect(try await cli.wait(timeout: 20) == 0, "\(cli.standardError)")
        #expect(cli.standardOutput.contains("status: authorized"))
        // The CLI is gone (reaped: no process has its id any more); the agent it started runs on.
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(cli.pid)"), "the CLI \(cli.pid) is still there")
        let owner = try #require(try await watcher.nameOwner(of: "org.unotify.Agent"), "no agent after the CLI")
        let agent = try await watcher.processID(of: "org.unotify.Agent")
        #expect(pid_t(agent) != cli.pid)
        #expect(Self.isRunning(pid_t(agent)), "the agent \(agent) did not outlive the CLI")
        // The same agent process, on the same connection, answers the next CLI, with the same state.
        let again = try await UNotifyProcess.run(
            ["settings", "--json"], busAddress: bus.address, extraEnvironment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains(#""org.example.Tea":{"status":"authorized""#))
        #expect(try await watcher.nameOwner(of: "org.unotify.Agent") == owner, "another agent answered")
        #expect(try await watcher.processID(of: "org.unotify.Agent") == agent, "another agent process answered")
        #expect(FileManager.default.fileExists(atPath: state.url.appendingPathComponent("unotify/settings.json").path))
        await watcher.close()
    }

    /// A script that holds a lock on a descriptor of its own (`flock 9`) while it sends: the agent
    /// the CLI starts outlives the script, and must not inherit that descriptor, or the lock
    /// would be held for as long as the agent runs and the script's next run would wait forever.
    @Test func theAgentTheCLIStartsHoldsNoneOfItsCallersDescriptors() async throws {
        let bus = try PrivateBus()
        _ = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-state")
        let lock = state.path + "/script.lock"
        let script = try ChildProcess(
            "/bin/sh",
            [
                "-c", #"exec 9>"$0" && flock 9 && exec "$1" settings org.example.Tea allow"#, lock,
                UNotifyProcess.path,
            ],
            environment: ProcessInfo.processInfo.environment.merging(
                [
                    "DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_STATE_HOME": state.path,
                    "UNOTIFY_DESKTOP_SETTINGS": "none",
                ]
            ) { $1 })
        #expect(try await script.wait(timeout: 20) == 0, "\(script.standardError)")
        let watcher = try DBusConnection(address: bus.address)
        let agent = try await watcher.processID(of: "org.unotify.Agent")
        #expect(Self.isRunning(pid_t(agent)), "the agent \(agent) did not outlive the CLI")
        let held = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(agent)/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(agent)/fd/\($0)")
        }
        #expect(!held.contains(lock), "the agent holds the script's lock file: \(held)")
        // The script's next run takes the lock at once.
        let again = try ChildProcess("/usr/bin/flock", ["--nonblock", lock, "true"])
        #expect(try await again.wait(timeout: 10) == 0, "the lock is still held")
        await watcher.close()
    }

    /// Whether `pid` is a live `unotifyd` (not gone, not a zombie: a zombie has no command line).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        return String(decoding: command, as: UTF8.self).contains("unotifyd")
    }

    @Test func aSecondAgentExitsAtOnce() async throws {
        let bus = try PrivateBus()
        let state = try TemporaryDirectory("unotify-state")
        var environment = bus.environment
        environment["XDG_STATE_HOME"] = state.path
        let first = try ChildProcess(UNotifyDaemonProcess.path, [], environment: environment)
        let watcher = try DBusConnection(address: bus.address)
        try await Eventually.wait(timeout: .seconds(10), "the first agent owns org.unotify.Agent") {
            guard try await watcher.nameOwner(of: "org.unotify.Agent") != nil else { return false }
            return try await watcher.processID(of: "org.unotify.Agent") == UInt32(first.pid)
        }
        let second = try ChildProcess(UNotifyDaemonProcess.path, [], environment: environment)
        #expect(try await second.wait(timeout: 10) == 0)
        // It says why it left, naming the agent that stays.
        #expect(
            second.standardError.contains(
                "unotifyd: another agent (pid \(first.pid)) already owns org.unotify.Agent on this bus; exiting"),
            "\(second.standardError)")
        // After the second is gone, the bus still names the first as the agent.
        #expect(try await watcher.processID(of: "org.unotify.Agent") == UInt32(first.pid))
        #expect(!first.hasExited)
        first.send(SIGTERM)
        #expect(try await first.wait(timeout: 10) == 0)
    }

    @Test func dbusActivationStartsTheInstalledAgent() async throws {
        let bus = try PrivateBus()
        let state = try TemporaryDirectory("unotify-state")
        let service = """
            [D-BUS Service]
            Name=org.unotify.Agent
            Exec=/usr/bin/env XDG_STATE_HOME=\(state.path) \(UNotifyDaemonProcess.path)

            """
        try service.write(
            to: bus.directory.appendingPathComponent("services/org.unotify.Agent.service"),
            atomically: true, encoding: .utf8)
        // UNOTIFY_AGENT points nowhere: only activation can start the agent.
        let result = try await UNotifyProcess.run(
            ["settings", "org.example.Tea"], busAddress: bus.address,
            extraEnvironment: ["UNOTIFY_AGENT": "/nonexistent/unotifyd"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("status: notDetermined"))
    }

    @Test func installWritesTheActivationFileAndTheUserUnit() async throws {
        let home = try TemporaryDirectory("unotify-home")
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = nil
        environment["XDG_CONFIG_HOME"] = nil
        let install = try ChildProcess(UNotifyDaemonProcess.path, ["--install"], environment: environment)
        #expect(try await install.wait(timeout: 10) == 0)
        let service = try String(
            contentsOfFile: home.path + "/.local/share/dbus-1/services/org.unotify.Agent.service",
            encoding: .utf8)
        #expect(service.contains("Name=org.unotify.Agent"))
        #expect(
            service.contains("Exec=\(URL(fileURLWithPath: UNotifyDaemonProcess.path).resolvingSymlinksInPath().path)"))
        let unit = try String(contentsOfFile: home.path + "/.config/systemd/user/unotifyd.service", encoding: .utf8)
        #expect(unit.contains("BusName=org.unotify.Agent"))
        #expect(install.standardOutput.split(separator: "\n").count == 2)
    }

    @Test func noAgentBinaryIsAClearError() async throws {
        let bus = try PrivateBus()
        let result = try await UNotifyProcess.run(
            ["settings"], busAddress: bus.address,
            extraEnvironment: ["UNOTIFY_AGENT": "/nonexistent/unotifyd"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/unotifyd"))
    }
}
