import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// The agent keeps scheduled requests, persists them, and fires them on time and once.
// The limit guards against a hang, not a speed: adds while firing take dozens of round trips,
// which one run with unbounded test parallelism beside two busy loops took past 1 min.
@Suite(.timeLimit(.minutes(3))) struct AgentScheduleTests {
    static func authorize(_ rig: AgentTests.Rig) async throws {
        _ = try await rig.client.setSettings(
            app: "org.example.Tea", changes: AppSettings.authorized(requesting: [.alert]).wire)
    }

    @Test func anIntervalRequestFiresAfterItsInterval() async throws {
        let rig = try await AgentTests.Rig()
        try await Self.authorize(rig)
        let added = Date()
        let id = try await rig.client.add(
            app: "org.example.Tea", request: DeliveryRequest(identifier: "tea", title: "Tea"),
            trigger: .timeInterval(seconds: 1, repeats: false))
        #expect(id == .unassigned)
        let call = try await rig.fake.nextCall()
        #expect(call.request.summary == "Tea")
        #expect(Date().timeIntervalSince(added) >= 1)
        // Pending until the server's answer reaches the agent (one round trip after the call
        // above arrived): then no longer.
        try await Eventually.wait(timeout: .seconds(5), "the fired request is no longer pending") {
            try await rig.client.pending(app: "org.example.Tea").isEmpty
        }
    }

    /// The agent saves the schedule a little before a fire date, but never fires early.
    @Test func nothingFiresBeforeItsDate() async throws {
        let rig = try await AgentTests.Rig()
        try await Self.authorize(rig)
        var dates: [String: Date] = [:]
        for (identifier, seconds) in [("a", 5.0), ("b", 5.005), ("c", 5.5)] {
            _ = try await rig.client.add(
                app: "org.example.Tea", request: DeliveryRequest(identifier: identifier, title: identifier),
                trigger: .timeInterval(seconds: seconds, repeats: false))
            // Read back at once (5 s before it is due, even on a loaded machine).
            let pending = try await rig.client.pending(app: "org.example.Tea").first {
                $0.request.identifier == identifier
            }
            dates[identifier] = Date(timeIntervalSince1970: try #require(pending?.nextFireDate))
        }
        for _ in 0..<3 {
            let call = try await rig.fake.nextCall()
            let due = try #require(dates[call.request.summary])
            #expect(
                call.receivedAt >= due, "\(call.request.summary) came \(due.timeIntervalSince(call.receivedAt)) s early"
            )
        }
    }

    @Test func addingTheSameIdentifierReplacesThePendingRequest() async throws {
        let rig = try await AgentTests.Rig()
        try await Self.authorize(rig)
        for title in ["first", "second"] {
            _ = try await rig.client.add(
                app: "org.example.Tea", request: DeliveryRequest(identifier: "tea", title: title),
                trigger: .timeInterval(seconds: 3600, repeats: false))
        }
        let pending = try await rig.client.pending(app: "org.example.Tea")
        #expect(pending.map(\.request.title) == ["second"])
        #expect(try await rig.client.removePending(app: "org.example.Tea", identifiers: ["tea"]) == 1)
        #expect(try await rig.client.pending(app: "org.example.Tea").isEmpty)
    }

    @Test func pendingSurvivesARestartAndOneMissedWhileDownFiresOnceAtStart() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-state")
        let store = SettingsStore(directory: state.url)
        try store.update("org.example.Tea") { $0 = .authorized(requesting: [.alert]) }
        // What a previous agent left: one overdue request and one for much later.
        let now = Date()
        let overdue = try PendingNotification(
            app: "org.example.Tea", request: DeliveryRequest(identifier: "missed", title: "Missed"),
            trigger: .timeInterval(seconds: 60, repeats: true),
            addedAt: now.addingTimeInterval(-3600), calendarTimeZone: .current)
        let later = try PendingNotification(
            app: "org.example.Tea", request: DeliveryRequest(identifier: "later", title: "Later"),
            trigger: .timeInterval(seconds: 3600, repeats: false), addedAt: now,
            calendarTimeZone: .current)
        try PendingStore(directory: state.url).save([overdue, later])
        let agent = NotificationAgent(
            connection: try DBusConnection(address: bus.address), store: store,
            strings: PromptStrings(language: "en"), log: .standardError(keeping: state))
        #expect(try await agent.start())
        let call = try await fake.nextCall()
        #expect(call.request.summary == "Missed")
        let client = try await AgentClient(address: bus.address, startAgent: false)
        // Once, not once per missed minute.
        #expect(try await AgentTests.Rig.shownBeforeMarker(client: client, fake: fake) == [])
        let pending = try await client.pending(app: "org.example.Tea")
        #expect(Set(pending.map(\.request.identifier)) == ["missed", "later"])
        #expect(pending.allSatisfy { $0.nextFireDate > now.timeIntervalSince1970 })
    }

    @Test func concurrentAddsAreAllAcknowledgedOnlyOnceOnDisk() async throws {
        let rig = try await AgentTests.Rig()
        try await Self.authorize(rig)
        let client = rig.client
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<300 {
                group.addTask {
                    _ = try await client.add(
                        app: "org.example.Tea", request: DeliveryRequest(identifier: "r\(n)", title: "T\(n)"),
                        trigger: .timeInterval(seconds: 3600 + Double(n), repeats: false))
                }
            }
            try await group.waitForAll()
        }
        // Every acknowledged add is in the store, not just in memory.
        let saved = try await PendingTable(database: AgentDatabase(directory: rig.directory)).pending(
            app: "org.example.Tea")
        #expect(Set(saved.map(\.identifier)) == Set((0..<300).map { "r\($0)" }))
    }

    /// Re-arming the timer while due notifications are being delivered must not cancel them.
    @Test func addsWhileFiringLoseNothing() async throws {
        let rig = try await AgentTests.Rig()
        try await Self.authorize(rig)
        let client = rig.client
        let count = 120
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<count {
                group.addTask {
                    _ = try await client.add(
                        app: "org.example.Tea", request: DeliveryRequest(identifier: "r\(n)", title: "r\(n)"),
                        trigger: .timeInterval(seconds: 0.5 + Double(n % 40) * 0.05, repeats: false))
                }
            }
            try await group.waitForAll()
        }
        var titles: Set<String> = []
        for _ in 0..<count { titles.insert(try await rig.fake.nextCall(timeout: .seconds(20)).request.summary) }
        #expect(titles.count == count)
    }

    @Test func anUndecidedAppCannotSchedule() async throws {
        let rig = try await AgentTests.Rig()
        let error = await #expect(throws: AgentError.self) {
            try await rig.client.add(
                app: "org.example.New", request: DeliveryRequest(identifier: "x", body: "b"),
                trigger: .timeInterval(seconds: 5, repeats: false))
        }
        #expect(error?.code == .notAllowed)
    }
}
