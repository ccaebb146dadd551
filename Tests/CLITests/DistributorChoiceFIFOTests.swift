import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A FIFO at `$XDG_CONFIG_HOME/unotify/push-distributor` (third hostile round): `push --register`
/// hung, the agent's every later call timed out and `server --explain` hung. With the choice read
/// only from a regular file, each answers, and the agent still answers afterwards.
@Suite(.timeLimit(.minutes(1))) struct DistributorChoiceFIFOTests {
    @Test func aFIFOAtTheChoiceWedgesNeitherTheCLINorTheAgent() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let fake = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-state")
        let config = try TemporaryDirectory("unotify-config")
        try FileManager.default.createDirectory(atPath: config.path + "/unotify", withIntermediateDirectories: true)
        let fifo = config.path + "/unotify/push-distributor"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer {  // frees a reader the old code left blocked
            let fd = open(fifo, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
        let environment = ["XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": config.path]
        let register = try await UNotifyProcess.run(
            ["push", "--register", "org.example.Chat"], busAddress: bus.address, extraEnvironment: environment,
            timeout: 15)
        #expect(register.status != 0, "no distributor runs: \(register)")
        let explain = try await UNotifyProcess.run(
            ["server", "--explain"], busAddress: bus.address, extraEnvironment: environment, timeout: 15)
        #expect(explain.status == 0, "\(explain.stderr)")
        let settings = try await UNotifyProcess.run(
            ["settings", "org.example.Chat"], busAddress: bus.address, extraEnvironment: environment, timeout: 15)
        #expect(settings.status == 0, "the agent answers: \(settings.stderr)")
        await fake.stop()
    }
}
