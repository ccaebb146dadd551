import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// The zone a floating calendar trigger (`send --at HH:MM`, no zone of its own) fires in, with
/// the real agent: the zone named by `TZ` or read from the zone file (a link or a copy), a
/// zone changed while no agent ran, and a trigger sent after the zone changed under a running
/// agent. The agent's zone file is the test's own (`TZ=:/path`), never the machine's.
@Suite(.timeLimit(.minutes(2))) struct TimeZoneProcessTests {
    static let app = "org.example.Tea"

    typealias Session = ScheduleProcessTests.Session

    /// `HH:MM` six hours from now in UTC: far from now in UTC, Paris and Tokyo alike, so nothing
    /// fires during a test and the first match after now is unambiguous.
    static func sixHoursAhead() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: Date().addingTimeInterval(6 * 3600))
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// Fails unless `seconds` is the first `at` (`HH:MM`) after now on the wall clock of `zone`.
    static func expectFirstMatch(
        _ seconds: Double, _ at: String, in zone: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let parts = at.split(separator: ":").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let expected = try #require(
            calendar.nextDate(
                after: Date(), matching: DateComponents(hour: parts[0], minute: parts[1]), matchingPolicy: .nextTime))
        let got = Date(timeIntervalSince1970: seconds)
        let wall = calendar.dateComponents([.hour, .minute], from: got)
        #expect(
            abs(got.timeIntervalSince(expected)) < 1,
            "fires at \(String(format: "%02d:%02d", wall.hour ?? -1, wall.minute ?? -1)) in \(zone), not \(at)",
            sourceLocation: sourceLocation)
    }

    @Test func aZoneChangedWhileNoAgentRanMovesFloatingTriggers() async throws {
        let session = try await Session()
        let at = Self.sixHoursAhead()
        try await session.sendDaily("daily", at: at, zone: "Etc/UTC")
        try Self.expectFirstMatch(try await session.fireDate("daily", zone: "Etc/UTC"), at, in: "Etc/UTC")
        try await session.stopAgent()
        // The next command starts an agent in Tokyo, which loads the schedule made in UTC.
        try Self.expectFirstMatch(try await session.fireDate("daily", zone: "Asia/Tokyo"), at, in: "Asia/Tokyo")
        // And again in Tokyo: moved once, not again.
        try await session.stopAgent()
        try Self.expectFirstMatch(try await session.fireDate("daily", zone: "Asia/Tokyo"), at, in: "Asia/Tokyo")
        // Nothing fired on the way (never early).
        #expect(try await session.unotify(["send", "--app", Self.app, "Marker"], zone: "Asia/Tokyo").status == 0)
        #expect(try await session.fake.calls(before: "Marker").map(\.request.summary) == [])
    }

    @Test func tzNamingAZoneIsTheZoneOfFloatingTriggers() async throws {
        let session = try await Session()
        let at = Self.sixHoursAhead()
        try await session.sendDaily("daily", at: at, zone: "Asia/Tokyo")
        try Self.expectFirstMatch(try await session.fireDate("daily", zone: "Asia/Tokyo"), at, in: "Asia/Tokyo")
    }

    @Test func tzNamingALinkedZoneFileIsTheZoneOfFloatingTriggers() async throws {
        let session = try await Session()
        let file = session.state.url.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        let at = Self.sixHoursAhead()
        try await session.sendDaily("daily", at: at, zone: ":" + file)
        try Self.expectFirstMatch(try await session.fireDate("daily", zone: ":" + file), at, in: "Asia/Tokyo")
    }

    @Test func aCopiedZoneFileIsReadAndACopyWrittenInPlaceIsFollowed() async throws {
        let session = try await Session()
        let file = session.state.url.appendingPathComponent("localtime")
        try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Paris")).write(to: file)
        let at = Self.sixHoursAhead()
        try await session.sendDaily("daily", at: at, zone: ":" + file.path)
        try Self.expectFirstMatch(try await session.fireDate("daily", zone: ":" + file.path), at, in: "Europe/Paris")
        let before = try await session.fireDate("daily", zone: ":" + file.path)
        // As `cp` does: the same file truncated and written again.
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Asia/Tokyo")))
        try handle.close()
        try await Eventually.wait(timeout: .seconds(10), "the trigger moves to Tokyo") {
            try await session.fireDate("daily", zone: ":" + file.path) != before
        }
        try Self.expectFirstMatch(try await session.fireDate("daily", zone: ":" + file.path), at, in: "Asia/Tokyo")
    }

    @Test func aTriggerSentAfterTheZoneChangedUsesTheNewZone() async throws {
        let session = try await Session()
        let file = session.state.url.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/usr/share/zoneinfo/Etc/UTC")
        let at = Self.sixHoursAhead()
        try await session.sendDaily("first", at: at, zone: ":" + file)
        let before = try await session.fireDate("first", zone: ":" + file)
        // As timedatectl does: a new link renamed over the old one.
        let temporary = session.state.url.appendingPathComponent(".localtime.new").path
        try FileManager.default.createSymbolicLink(
            atPath: temporary, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        #expect(rename(temporary, file) == 0)
        try await Eventually.wait(timeout: .seconds(10), "the first trigger moves to Tokyo") {
            try await session.fireDate("first", zone: ":" + file) != before
        }
        try await session.sendDaily("second", at: at, zone: ":" + file)
        try Self.expectFirstMatch(try await session.fireDate("second", zone: ":" + file), at, in: "Asia/Tokyo")
    }
}

/// What the zone tests do with a session: `unotify` under a `TZ` of their choosing.
extension ScheduleProcessTests.Session {
    /// Runs `unotify ARGUMENTS` with `TZ=zone`; an agent it starts has that `TZ` too.
    func unotify(_ arguments: [String], zone: String) async throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        try await UNotifyProcess.run(
            arguments, busAddress: bus.address, extraEnvironment: ["XDG_STATE_HOME": state.path, "TZ": zone])
    }

    /// Allows the app and schedules `identifier` daily at `at` (an agent started by it has `TZ=zone`).
    func sendDaily(_ identifier: String, at: String, zone: String) async throws {
        #expect(try await unotify(["settings", TimeZoneProcessTests.app, "allow"], zone: zone).status == 0)
        let sent = try await unotify(
            [
                "send", "--app", TimeZoneProcessTests.app, "--id", identifier, "--at", at, "--repeat", "daily",
                "Tea",
            ],
            zone: zone)
        #expect(sent.status == 0, "\(sent.stderr)")
    }

    /// The agent's next fire date of `identifier`, in seconds since 1970.
    func fireDate(_ identifier: String, zone: String) async throws -> Double {
        let listed = try await unotify(["pending", "--app", TimeZoneProcessTests.app, "--epoch"], zone: zone)
        for line in listed.stdout.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            if fields.count > 1, fields[0] == identifier, let date = Double(fields[1]) { return date }
        }
        throw TestSupportError("\(identifier) is not pending: \(listed.stdout) \(listed.stderr)")
    }

    /// Stops the agent (SIGTERM) and waits until it left the bus.
    func stopAgent() async throws {
        let watcher = try DBusConnection(address: bus.address)
        kill(pid_t(try await watcher.processID(of: "org.unotify.Agent")), SIGTERM)
        try await Eventually.wait(timeout: .seconds(10), "the stopped agent leaves the bus") {
            try await watcher.nameOwner(of: "org.unotify.Agent") == nil
        }
    }
}
