import DBus
import Foundation
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// `TimeChangeMonitor` with the real mechanisms: the kernel's clock-set notification, inotify
/// on a zone file of the test's own, and logind's signal from a mock logind on a private bus.
@Suite(.timeLimit(.minutes(3))) struct TimeChangeMonitorTests {
    /// Setting the wall clock, made harmless: it is set to the time it reads (see
    /// `setClockToItself()`).
    @Test func aSettingOfTheClockIsSeen() async throws {
        let changes = try await TimeChangeMonitor.changes(timeZoneFile: nil, systemBus: nil)
        try await Self.setClockToItself()
        #expect(try await Self.first(of: changes) == .wallClockStepped)
        // Armed again: a second setting is seen too.
        let later = try await TimeChangeMonitor.changes(timeZoneFile: nil, systemBus: nil)
        try await Self.setClockToItself()
        #expect(try await Self.first(of: later) == .wallClockStepped)
        #expect(try await Self.first(of: changes) == .wallClockStepped)
    }

    @Test func aReplacedZoneFileIsSeenWithItsZone() async throws {
        let directory = try TemporaryDirectory("unotify-zone")
        let file = directory.url.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(
            atPath: file, withDestinationPath: "/usr/share/zoneinfo/Europe/Paris")
        let changes = try await TimeChangeMonitor.changes(timeZoneFile: file, systemBus: nil)
        // As timedatectl does: a new link renamed over the old one.
        let temporary = directory.url.appendingPathComponent(".localtime.new").path
        try FileManager.default.createSymbolicLink(
            atPath: temporary, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        #expect(rename(temporary, file) == 0)
        #expect(
            try await Self.first(of: changes, ignoringClock: true)
                == .timeZoneChanged(TimeZone(identifier: "Asia/Tokyo")))
        // As ln -sf does: removed, then made again.
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(
            atPath: file, withDestinationPath: "/usr/share/zoneinfo/America/New_York")
        #expect(
            try await Self.first(of: changes, ignoringClock: true)
                == .timeZoneChanged(TimeZone(identifier: "America/New_York")))
    }

    @Test func aCopiedZoneFileIsReadAndACopyWrittenInPlaceIsSeenWithItsZone() async throws {
        let directory = try TemporaryDirectory("unotify-zone")
        let file = directory.url.appendingPathComponent("localtime")
        try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Paris")).write(to: file)
        #expect(TimeZoneFileWatch.zoneIdentifier(at: file.path) == "Europe/Paris")
        let changes = try await TimeChangeMonitor.changes(timeZoneFile: file.path, systemBus: nil)
        // As `cp` over an existing file does: truncated and written in place.
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Asia/Tokyo")))
        try handle.close()
        #expect(
            try await Self.first(of: changes, ignoringClock: true)
                == .timeZoneChanged(TimeZone(identifier: "Asia/Tokyo")))
    }

    @Test func aCopiedZoneFileIsNamedByTheTimezoneFileBesideItWhenThatMatches() throws {
        let directory = try TemporaryDirectory("unotify-zone")
        let file = directory.url.appendingPathComponent("localtime")
        try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Asia/Tokyo")).write(to: file)
        let names = directory.url.appendingPathComponent("timezone")
        // Japan is a link to the same rules as Asia/Tokyo: the file beside it says which name.
        try Data("Japan\n".utf8).write(to: names)
        #expect(TimeZoneFileWatch.zoneIdentifier(at: file.path) == "Japan")
        // A name whose rules are not the copy's is not believed.
        try Data("Europe/Paris\n".utf8).write(to: names)
        #expect(TimeZoneFileWatch.zoneIdentifier(at: file.path) == "Asia/Tokyo")
    }

    @Test func aWakeFromSleepIsSeen() async throws {
        let bus = try PrivateBus()
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = bus.address
        let logind = try ChildProcess(
            "/usr/bin/python3", ["-m", "dbusmock", "--template", "logind"], environment: environment)
        defer { logind.stop() }
        let connection = try DBusConnection(address: bus.address)
        try await Eventually.wait(timeout: .seconds(20), "the mock logind on the bus") {
            try await connection.nameOwner(of: "org.freedesktop.login1") != nil
        }
        let changes = try await TimeChangeMonitor.changes(timeZoneFile: nil, systemBus: bus.address)
        // Two wakes in a row are two events.
        try await Self.emitPrepareForSleep(false, on: connection)
        try await Self.emitPrepareForSleep(false, on: connection)
        #expect(try await Self.first(of: changes, ignoringClock: true) == .resumedFromSleep)
        #expect(try await Self.first(of: changes, ignoringClock: true) == .resumedFromSleep)
        // Going to sleep, then a wake: the wake is seen. That going to sleep is none is decided
        // by `SleepResumeWatch.isWake` alone (`goingToSleepIsNoWake`): known, not waited for.
        try await Self.emitPrepareForSleep(true, on: connection)
        try await Self.emitPrepareForSleep(false, on: connection)
        #expect(try await Self.first(of: changes, ignoringClock: true) == .resumedFromSleep)
    }

    /// logind's `PrepareForSleep(true)` (going to sleep) is no wake; `PrepareForSleep(false)` is;
    /// a signal without the boolean is none. The monitor yields only what this says is a wake.
    @Test func goingToSleepIsNoWake() {
        func signal(_ body: [DBusValue]) -> DBusMessage {
            .signal(
                path: "/org/freedesktop/login1", interface: "org.freedesktop.login1.Manager",
                member: "PrepareForSleep", body: body)
        }
        #expect(!SleepResumeWatch.isWake(signal([.boolean(true)])))
        #expect(SleepResumeWatch.isWake(signal([.boolean(false)])))
        #expect(!SleepResumeWatch.isWake(signal([])))
        #expect(!SleepResumeWatch.isWake(signal([.string("false")])))
    }

    @Test func noSystemBusMeansNoEventsAndNoError() async throws {
        let missing = try TemporaryDirectory("unotify-no-bus")
        let changes = try await TimeChangeMonitor.changes(
            timeZoneFile: nil, systemBus: "unix:path=\(missing.path)/none")
        // Still watching the clock: the next change seen is the clock's.
        try await Self.setClockToItself()
        #expect(try await Self.first(of: changes) == .wallClockStepped)
    }

    /// The next change (other than the clock's, when `ignoringClock`: another test may set the
    /// clock meanwhile), waiting at most 10 s.
    static func first(of changes: AsyncStream<TimeChange>, ignoringClock: Bool = false) async throws -> TimeChange {
        guard let change = await next(of: changes, within: .seconds(10), ignoringClock: ignoringClock) else {
            throw TestSupportError("no time change within 10 s")
        }
        return change
    }

    /// The next change within `window`, or `nil` when none came; when the window passes first,
    /// the iteration is cancelled, which ends the stream (so that is the stream's last use).
    static func next(of changes: AsyncStream<TimeChange>, within window: Duration, ignoringClock: Bool = false) async
        -> TimeChange?
    {
        await withTaskGroup(of: TimeChange?.self) { group in
            group.addTask {
                for await change in changes where !ignoringClock || change != .wallClockStepped { return change }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: window)
                return nil
            }
            defer { group.cancelAll() }
            return await group.next() ?? nil
        }
    }

    static func emitPrepareForSleep(_ sleeping: Bool, on connection: DBusConnection) async throws {
        _ = try await connection.call(
            .methodCall(
                destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                interface: "org.freedesktop.DBus.Mock",
                member: "EmitSignal",
                body: [
                    .string("org.freedesktop.login1.Manager"), .string("PrepareForSleep"), .string("b"),
                    .array(element: .variant, [.variant(.boolean(sleeping))]),
                ]))
    }

    /// Sets the wall clock to the time it reads: a step of well under a microsecond (the time
    /// between the last reading and the call), yet a setting of the clock to the kernel, which
    /// cancels every `TFD_TIMER_CANCEL_ON_SET` timer. Needs `CAP_SYS_TIME` (the suite runs as
    /// root). The monotonic clock carries the reading forward to the moment of the call.
    /// Sets the clock to the time it reads, while no test counts an idle process's wake-ups.
    static func setClockToItself() async throws {
        try await SystemClockLock.settingTheClock { try setClockToItselfNow() }
    }

    private static func setClockToItselfNow() throws {
        var wall = timespec()
        var before = timespec()
        var after = timespec()
        clock_gettime(CLOCK_MONOTONIC, &before)
        clock_gettime(CLOCK_REALTIME, &wall)
        clock_gettime(CLOCK_MONOTONIC, &after)
        let elapsed = (after.tv_sec - before.tv_sec) * 1_000_000_000 + (after.tv_nsec - before.tv_nsec)
        var nanoseconds = wall.tv_nsec + elapsed
        var setting = timespec(tv_sec: wall.tv_sec + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        clock_gettime(CLOCK_MONOTONIC, &before)
        nanoseconds =
            setting.tv_nsec + (before.tv_sec - after.tv_sec) * 1_000_000_000 + (before.tv_nsec - after.tv_nsec)
        setting = timespec(tv_sec: setting.tv_sec + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        guard clock_settime(CLOCK_REALTIME, &setting) == 0 else {
            throw TestSupportError(
                "clock_settime failed: \(String(cString: strerror(errno))); "
                    + "the test needs CAP_SYS_TIME (run the suite as root)")
        }
    }
}
