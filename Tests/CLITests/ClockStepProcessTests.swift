import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// The wall clock stepped under a running agent, for real as far as the agent can tell: the
/// agent runs under libfaketime (Debian's `faketime` package), whose offset the test changes
/// in a file the agent's clock reads at every call (`FAKETIME_TIMESTAMP_FILE`,
/// `FAKETIME_NO_CACHE=1`). Only the wall clock moves (`FAKETIME_DONT_FAKE_MONOTONIC=1`), as
/// with `settimeofday` or an NTP step. Never early, never twice, never lost.
@Suite(.timeLimit(.minutes(2))) struct ClockStepProcessTests {
    static let app = "org.example.Tea"

    /// The agent's wall clock: the real one plus an offset the test sets.
    struct FakeClock {
        let file: URL
        let library: String

        init(in directory: TemporaryDirectory) throws {
            let candidates = [
                "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1",
                "/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1",
                "/usr/lib/faketime/libfaketimeMT.so.1",
            ]
            guard let library = candidates.first(where: FileManager.default.fileExists(atPath:)) else {
                throw TestSupportError("libfaketime is missing: apt-get install faketime (looked at \(candidates))")
            }
            self.library = library
            file = directory.url.appendingPathComponent("faketime")
            try set(offset: 0)
        }

        /// What the agent's environment needs to run on this clock.
        var environment: [String: String] {
            [
                "LD_PRELOAD": library, "FAKETIME_TIMESTAMP_FILE": file.path, "FAKETIME_NO_CACHE": "1",
                "FAKETIME_DONT_FAKE_MONOTONIC": "1",
            ]
        }

        /// Steps the agent's wall clock to the real one plus `seconds` (written whole: a new
        /// file renamed over the old one, so the agent never reads half of it).
        func set(offset seconds: Int) throws {
            try Data("\(seconds >= 0 ? "+" : "")\(seconds)\n".utf8).write(to: file, options: .atomic)
        }
    }

    struct Session {
        let bus: PrivateBus
        let fake: FakeNotificationServer
        let state: TemporaryDirectory
        let clock: FakeClock
        let agent: ChildProcess

        init() async throws {
            bus = try PrivateBus()
            fake = try await FakeNotificationServer(address: bus.address)
            state = try TemporaryDirectory("unotify-state")
            clock = try FakeClock(in: state)
            agent = try await UNotifyDaemonProcess.startOwningName(
                on: bus, stateDirectory: state.path, watcher: try DBusConnection(address: bus.address),
                extraEnvironment: clock.environment)
            #expect(try await unotify(["settings", ClockStepProcessTests.app, "allow"]).status == 0)
        }

        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await UNotifyProcess.run(
                arguments, busAddress: bus.address, extraEnvironment: ["XDG_STATE_HOME": state.path])
        }

        func send(_ extra: [String], _ title: String) async throws {
            let sent = try await unotify(["send", "--app", ClockStepProcessTests.app] + extra + [title])
            #expect(sent.status == 0, "\(sent.stderr)")
        }

        /// What the server got before `Marker`, sent now: each notification once, nothing else.
        func deliveredSoFar() async throws -> [String] {
            try await send([], "Marker")
            return try await fake.calls(before: "Marker").map(\.request.summary)
        }
    }

    // What libfaketime cannot show: the kernel's clock-set notification
    // (`TFD_TIMER_CANCEL_ON_SET`, `WallClockStepWatch`), which makes the agent look again at
    // once after a real step; a faked step is seen when the sleep armed before it ends. And it
    // moves absolute `CLOCK_MONOTONIC`/`CLOCK_BOOTTIME` timerfd deadlines by its offset, even
    // with `FAKETIME_DONT_FAKE_MONOTONIC=1` (a 2 s timer took 14 s at an offset of -12 s), so
    // the agent's sleeps after a step last longer or shorter than asked. Hence wide deadlines:
    // these tests check the order of things, not how late.

    @Test func aClockSetForwardPastAFireDateFiresItOnceAndNeverEarly() async throws {
        let session = try await Session()
        try await session.send(["--id", "soon", "--in", "50s"], "Soon")
        let stepped = Date()
        try session.clock.set(offset: 60)
        let call = try await session.fake.nextCall(timeout: .seconds(70))
        #expect(call.request.summary == "Soon")
        print("clock set forward 60 s, 50 s before the fire date: fired \(Date().timeIntervalSince(stepped)) s later")
        #expect(try await session.deliveredSoFar() == [])
        #expect(try await session.unotify(["pending", "--app", Self.app]).stdout == "")
        session.agent.stop()
    }

    @Test func aClockSetBackDelaysAFireDateAndLosesNothing() async throws {
        let session = try await Session()
        let sent = Date()
        try await session.send(["--id", "later", "--in", "4s"], "Later")
        try session.clock.set(offset: -12)
        // Due at 4 s on the agent's clock, which now reads 12 s behind: not before 16 s of real time.
        let call = try await session.fake.nextCall(timeout: .seconds(60))
        let waited = Date().timeIntervalSince(sent)
        print("clock set back 12 s, 4 s before the fire date: fired \(waited) s after the send")
        #expect(call.request.summary == "Later")
        #expect(waited >= 16, "fired early: \(waited) s after the send, before 16 s")
        #expect(try await session.deliveredSoFar() == [])
        #expect(try await session.unotify(["pending", "--app", Self.app]).stdout == "")
        session.agent.stop()
    }
}
