import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// Scheduling as a script uses it: the CLI returns at once, the agent fires later, and a
/// schedule survives `kill -9` of the agent and fires exactly once after it restarts.
@Suite(.timeLimit(.minutes(1))) struct ScheduleProcessTests {
    struct Session {
        let bus: PrivateBus
        let fake: FakeNotificationServer
        let state: TemporaryDirectory

        init() async throws {
            bus = try PrivateBus()
            fake = try await FakeNotificationServer(address: bus.address)
            state = try TemporaryDirectory("unotify-state")
        }

        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await UNotifyProcess.run(
                arguments, busAddress: bus.address, extraEnvironment: ["XDG_STATE_HOME": state.path])
        }

        func agentPID() async throws -> pid_t {
            let watcher = try DBusConnection(address: bus.address)
            return pid_t(try await watcher.processID(of: "org.unotify.Agent"))
        }
    }

    @Test func sendInReturnsAtOnceAndTheAgentDeliversLater() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.example.Tea", "allow"]).status == 0)
        let started = Date()
        let sent = try await session.unotify(["send", "--app", "org.example.Tea", "--in", "6s", "Tea is ready"])
        #expect(sent.status == 0)
        #expect(Date().timeIntervalSince(started) < 6)
        let listed = try await session.unotify(["pending", "--app", "org.example.Tea", "--json"])
        #expect(listed.stdout.contains(#""title":"Tea is ready""#))
        let call = try await session.fake.nextCall(timeout: .seconds(15))
        #expect(call.request.summary == "Tea is ready")
        #expect(Date().timeIntervalSince(started) >= 6)
    }

    @Test func aScheduleSurvivesKillNineAndFiresExactlyOnce() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.example.Tea", "allow"]).status == 0)
        #expect(
            try await session.unotify(["send", "--app", "org.example.Tea", "--id", "tea", "--in", "6s", "Once"]).status
                == 0)
        let agent = try await session.agentPID()
        kill(agent, SIGKILL)
        let watcher = try DBusConnection(address: session.bus.address)
        try await Eventually.wait(timeout: .seconds(10), "the killed agent leaves the bus") {
            try await watcher.nameOwner(of: "org.unotify.Agent") == nil
        }
        // Any command starts a new agent, which loads the schedule.
        let listed = try await session.unotify(["pending", "--app", "org.example.Tea"])
        #expect(listed.stdout.hasPrefix("tea\t"))
        let call = try await session.fake.nextCall(timeout: .seconds(15))
        #expect(call.request.summary == "Once")
        // An immediate notification after it: the server must get it and no second "Once" first.
        #expect(try await session.unotify(["send", "--app", "org.example.Tea", "Marker"]).status == 0)
        #expect(try await session.fake.calls(before: "Marker").map(\.request.summary) == [])
        #expect(try await session.unotify(["pending", "--app", "org.example.Tea"]).stdout == "")
    }

    @Test func calendarAndRepeatingSchedulesAreListed() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.example.Tea", "allow"]).status == 0)
        #expect(
            try await session.unotify([
                "send", "--app", "org.example.Tea", "--id", "daily", "--at", "08:30",
                "--repeat", "daily", "Morning tea",
            ]).status == 0)
        #expect(
            try await session.unotify([
                "send", "--app", "org.example.Tea", "--id", "often", "--every", "2m",
                "Stretch",
            ]).status == 0)
        let listed = try await session.unotify(["pending", "--app", "org.example.Tea", "--json"])
        #expect(listed.stdout.contains(#""identifier":"daily""#))
        #expect(listed.stdout.contains(#""repeats":true,"title":"Morning tea""#))
        #expect(listed.stdout.contains(#""repeats":true,"title":"Stretch""#))
        // Each fires within a day from now, by the calendar: a day can be 23 or 25 hours long.
        let now = Date()
        let inADay = try #require(Calendar.current.date(byAdding: .day, value: 1, to: now))
        let lines = try await session.unotify(["pending", "--app", "org.example.Tea", "--epoch"]).stdout.split(
            separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            let fields = line.split(separator: "\t")
            let next = try #require(fields.count > 1 ? Double(fields[1]) : nil, "no fire date in \(line)")
            #expect(next > now.timeIntervalSince1970 && next <= inADay.timeIntervalSince1970, "\(line)")
        }
        #expect(
            try await session.unotify(["remove", "--app", "org.example.Tea", "--all", "--pending"]).stdout == "2\n")
    }

    @Test(arguments: [
        (["--in", "soon"], "--in takes a duration"),
        (["--every", "30s"], "at least 60"),
        (["--at", "25:00"], "--at takes HH:MM"),
        (["--at", "08:30", "--repeat", "hourly"], "--repeat takes daily"),
        (["--in", "5s", "--at", "08:30"], "only one of"),
    ])
    func badSchedulesAreOneClearLine(_ extra: [String], _ message: String) async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.example.Tea", "allow"]).status == 0)
        let result = try await session.unotify(["send", "--app", "org.example.Tea"] + extra + ["Tea"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(message))
    }
}
