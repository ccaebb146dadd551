import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import NotificationAgent

/// `settings.lock` held by another process delays the settings writes that need it, and
/// nothing else: the agent goes on answering every other call, and the write fails after a
/// bound with an error saying the file is locked.
@Suite(.timeLimit(.minutes(1)), .serialized) struct AgentSettingsLockTests {
    typealias Rig = AgentStorageFaultTests.Rig
    static let other = "org.example.Other"
    static let locked = "org.example.Locked"

    @Test func aHeldSettingsLockDelaysThatWriteOnly() async throws {
        let rig = try await Rig()
        try await Self.expectOnlyTheWriteWaits(rig, lock: "settings.lock") { client in
            _ = try await client.setSettings(app: Self.locked, changes: AgentStorageFaultTests.allowed)
        }
        // Nothing was decided: the app is still not determined.
        #expect(try await rig.client.settings(app: Self.locked).authorization == .notDetermined)
    }

    @Test func aHeldCategoriesLockDelaysThatWriteOnly() async throws {
        let rig = try await Rig()
        try await Self.expectOnlyTheWriteWaits(rig, lock: "categories.lock") { client in
            try await client.setCategories(app: Self.locked, json: #"[{"identifier":"new"}]"#)
        }
        #expect(try await rig.client.categoriesJSON(app: Self.locked) == "[]")
    }

    /// Holds `lock` while `write` runs, and meanwhile makes unrelated calls: they must all be
    /// answered before the write ends, and the write must fail saying the file is locked.
    ///
    /// The write gives up after `PrivateFileSystem.lockPatience` s. In the first minute of a full
    /// run on two loaded cores, the unrelated calls once took longer than that, so their answers
    /// came after the write's failure although the agent never stopped answering. Such a round
    /// tells nothing either way, and is run again (3 rounds at most); an agent that stops
    /// answering while the write waits fails every round.
    static func expectOnlyTheWriteWaits(
        _ rig: Rig, lock name: String, _ write: @escaping @Sendable (AgentClient) async throws -> Void
    ) async throws {
        _ = try await rig.client.setSettings(app: Self.other, changes: AgentStorageFaultTests.allowed)
        for round in 1...3 {
            let (events, error, othersTook, writeTook) = try await Self.round(rig, lock: name, write)
            let tooSlowToTell = othersTook >= .seconds(PrivateFileSystem.lockPatience)
            if events != ["others answered", "write failed"], tooSlowToTell, round < 3 {
                print("\(name) held: other calls answered after \(othersTook), slower than the lock's patience: again")
                continue
            }
            #expect(events == ["others answered", "write failed"])
            #expect(
                error.map { "\($0)".contains("locked by another process") && "\($0)".contains(name) } == true,
                "the error says the file is locked: \(String(describing: error))")
            print("\(name) held: other calls answered after \(othersTook), the write failed after \(writeTook)")
            return
        }
    }

    /// One round of ``expectOnlyTheWriteWaits(_:lock:_:)``: what happened, in order, the write's
    /// error, and when the other calls and the write ended.
    private static func round(
        _ rig: Rig, lock name: String, _ write: @escaping @Sendable (AgentClient) async throws -> Void
    ) async throws -> (events: [String], error: AgentError?, othersTook: Duration, writeTook: Duration) {
        let lock = try HeldLock(path: rig.disk.url.appendingPathComponent(name).path)
        defer { lock.release() }
        let events = EventLog()
        let client = rig.client
        let started = ContinuousClock.now
        let writing = Task {
            do {
                try await write(client)
                await events.add("write done")
                return nil as AgentError?
            } catch let error as AgentError {
                await events.add("write failed")
                return error
            }
        }
        // The write is under way, waiting for the lock, when the others come.
        try await lock.waitForWaiter()
        #expect(try await rig.client.listApps()[Self.other]?.authorization == .authorized)
        #expect(try await rig.client.pending(app: Self.other).isEmpty)
        _ = try await rig.client.add(app: Self.other, request: DeliveryRequest(identifier: "o", title: "Other"))
        #expect(try await rig.fake.nextCall().request.summary == "Other")
        await events.add("others answered")
        let othersTook = ContinuousClock.now - started
        let error = try await writing.value
        return (await events.all, error, othersTook, ContinuousClock.now - started)
    }

    @Test func anAllowWaitingForTheLockAllowsNothingYet() async throws {
        let rig = try await Rig()
        let lock = try HeldLock(path: SettingsStore(directory: rig.disk.url).lockURL.path)
        defer { lock.release() }
        let client = rig.client
        let write = Task { try await client.setSettings(app: Self.locked, changes: AgentStorageFaultTests.allowed) }
        try await lock.waitForWaiter()
        #expect(try await rig.client.settings(app: Self.locked).authorization == .notDetermined)
        let refused = await #expect(throws: AgentError.self) {
            _ = try await rig.client.add(app: Self.locked, request: DeliveryRequest(identifier: "l", title: "Locked"))
        }
        #expect(refused?.code == .notAllowed)
        lock.release()
        #expect(try await write.value.authorization == .authorized)
        _ = try await rig.client.add(app: Self.locked, request: DeliveryRequest(identifier: "l", title: "Locked"))
        #expect(try await rig.fake.nextCall().request.summary == "Locked")
    }

    @Test func writesWaitingForTheLockLandInTheirOrderOnceItIsReleased() async throws {
        let rig = try await Rig()
        let monitor = try await BusMonitor(address: rig.bus.address)
        let lock = try HeldLock(path: SettingsStore(directory: rig.disk.url).lockURL.path)
        let client = rig.client
        var quiet = AppSettings.authorized(requesting: [.alert, .sound])
        let loud = quiet.wire
        let first = Task { try await client.setSettings(app: Self.locked, changes: loud) }
        // The first write waits for the lock before the second is sent; the second is on its
        // way to the agent (seen on the bus) before the lock is released.
        try await lock.waitForWaiter()
        quiet.sound = .disabled
        let silent = quiet.wire
        let second = Task { try await client.setSettings(app: Self.locked, changes: silent) }
        try await Eventually.wait(timeout: .seconds(10), "both SetSettings calls on the bus") {
            monitor.messages.filter { $0.kind == "method call" && $0.member == "SetSettings" }.count >= 2
        }
        lock.release()
        // Each answers with the settings as they are then: the first may already see the second.
        _ = try await first.value
        #expect(try await second.value.sound == .disabled)
        #expect(try SettingsStore(directory: rig.disk.url).settings(for: Self.locked).sound == .disabled)
    }
}
