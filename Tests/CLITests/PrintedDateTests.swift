import Foundation
import Testing
import TestSupport

/// How `pending` and `delivered` print dates: local ISO 8601 with the zone's offset, in the zone
/// `TZ` names (the CLI's own, whatever the agent's), and seconds since 1970 behind `--epoch` and
/// in the JSON's `next` and `date`, unchanged.
@Suite(.timeLimit(.minutes(1))) struct PrintedDateTests {
    static let app = "org.example.Tea"
    /// 2030-06-15 12:30 in Paris (summer time, +02:00): 10:30 UTC.
    static let dinner = 1_907_749_800

    typealias Session = ScheduleProcessTests.Session

    /// `seconds` as `date -Iseconds` prints it in `zone`: `2030-06-15T08:00:00-02:30`.
    static func iso8601(_ seconds: Int, in zone: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        return formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
    }

    /// Schedules "Dinner" at 2030-06-15 12:30 with an agent in Paris.
    static func scheduleDinner(_ session: Session) async throws {
        #expect(try await session.unotify(["settings", app, "allow"], zone: "Europe/Paris").status == 0)
        let sent = try await session.unotify(
            ["send", "--app", app, "--id", "dinner", "--at", "2030-06-15 12:30", "Dinner"], zone: "Europe/Paris")
        #expect(sent.status == 0, "\(sent.stderr)")
    }

    @Test func pendingPrintsLocalISO8601AndSecondsWithEpoch() async throws {
        let session = try await Session()
        try await Self.scheduleDinner(session)
        let listed = try await session.unotify(["pending", "--app", Self.app], zone: "Europe/Paris")
        #expect(listed.stdout == "dinner\t2030-06-15T12:30:00+02:00\tDinner\n", "\(listed.stderr)")
        let epoch = try await session.unotify(["pending", "--app", Self.app, "--epoch"], zone: "Europe/Paris")
        #expect(epoch.stdout == "dinner\t\(Self.dinner)\tDinner\n", "\(epoch.stderr)")
        // The CLI's own zone, with a negative offset that is not whole hours: the same instant.
        let fired = try #require(
            Int(
                try await session.unotify(["pending", "--app", Self.app, "--epoch"], zone: "America/St_Johns")
                    .stdout.split(separator: "\t").dropFirst().first ?? ""))
        let inStJohns = try await session.unotify(["pending", "--app", Self.app], zone: "America/St_Johns")
        #expect(inStJohns.stdout == "dinner\t\(Self.iso8601(fired, in: "America/St_Johns"))\tDinner\n")
    }

    @Test func pendingJSONKeepsSecondsAndAddsTheLocalDate() async throws {
        let session = try await Session()
        try await Self.scheduleDinner(session)
        let listed = try await session.unotify(["pending", "--app", Self.app, "--json"], zone: "Europe/Paris")
        #expect(
            listed.stdout.contains(#""next":\#(Self.dinner).0,"nextISO8601":"2030-06-15T12:30:00+02:00","#),
            "\(listed.stdout)")
        let both = try await session.unotify(["pending", "--app", Self.app, "--json", "--epoch"], zone: "Europe/Paris")
        #expect(both.status != 0)
        #expect(both.stderr.contains("--epoch"), "\(both.stderr)")
    }

    @Test func deliveredJSONAddsTheLocalDate() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", Self.app, "allow"], zone: "Asia/Kolkata").status == 0)
        #expect(
            try await session.unotify(["send", "--app", Self.app, "--id", "now", "Tea"], zone: "Asia/Kolkata").status
                == 0)
        _ = try await session.fake.nextCall()
        let listed = try await session.unotify(["delivered", "--app", Self.app, "--json"], zone: "Asia/Kolkata")
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], "\(listed.stdout)")
        let item = try #require(items.first)
        let date = try #require(item["date"] as? Double, "\(listed.stdout)")
        #expect(item["dateISO8601"] as? String == (Self.iso8601(Int(date.rounded(.down)), in: "Asia/Kolkata")))
    }
}
