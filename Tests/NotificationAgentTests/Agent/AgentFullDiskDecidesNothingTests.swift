import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import NotificationAgent

/// A change the agent cannot save decides nothing: the caller gets an error naming the file,
/// and the agent goes on as if the call had not been made (a failed add never fires, a failed
/// remove leaves the notification pending, a failed category or settings change is not seen).
///
/// The disk is a full one: a read-only remount is refused by the kernel (EBUSY) while an agent
/// holds its store open for writing, as every running agent does.
@Suite(.timeLimit(.minutes(1)), .serialized) struct AgentFullDiskDecidesNothingTests {
    typealias Rig = AgentStorageFaultTests.Rig
    static let app = "org.example.Clock"

    /// A rig whose app may notify.
    static func rig() async throws -> Rig {
        let rig = try await Rig()
        _ = try await rig.client.setSettings(app: app, changes: AgentStorageFaultTests.allowed)
        return rig
    }

    static func breakDisk(_ disk: TmpfsMount, _ fault: String) throws {
        if fault == "full" { try disk.fill() } else { try disk.remount(readOnly: true) }
    }

    static func mendDisk(_ disk: TmpfsMount, _ fault: String) throws {
        if fault == "full" {
            try FileManager.default.removeItem(at: disk.url.appendingPathComponent("filler"))
        } else {
            try disk.remount(readOnly: false)
        }
    }

    static func request(_ identifier: String) -> DeliveryRequest {
        DeliveryRequest(identifier: identifier, title: identifier)
    }

    /// An error naming the store's file (`<store>.json`, or `unotify.db` for what the database
    /// keeps), or its lock (`<store>.lock`) when that is what could not be opened.
    static func expectStoreError(_ error: AgentError?, naming store: String, in disk: TmpfsMount) {
        let file = disk.url.appendingPathComponent(store).path
        let database = disk.url.appendingPathComponent("unotify.db").path
        #expect(error?.code == .settings)
        #expect(
            error.map {
                "\($0)".contains(file + ".json") || "\($0)".contains(file + ".lock") || "\($0)".contains(database)
            } == true,
            "the error names the file: \(String(describing: error))")
    }

    @Test(arguments: ["full"])
    func anAddThatCannotBeSavedIsNotPendingAndNeverFires(_ fault: String) async throws {
        let rig = try await Self.rig()
        try Self.breakDisk(rig.disk, fault)
        let error = await #expect(throws: AgentError.self) {
            _ = try await rig.client.add(
                app: Self.app, request: Self.request("Lost"), trigger: .timeInterval(seconds: 1, repeats: false))
        }
        Self.expectStoreError(error, naming: "pending", in: rig.disk)
        #expect(try await rig.client.pending(app: Self.app).isEmpty)
        try Self.mendDisk(rig.disk, fault)
        // A later one, due after the failed one would have been: nothing may come before it.
        _ = try await rig.client.add(
            app: Self.app, request: Self.request("Marker"), trigger: .timeInterval(seconds: 2, repeats: false))
        #expect(try await rig.fake.calls(before: "Marker").map(\.request.summary) == [])
    }

    @Test(arguments: ["full"])
    func aRemoveThatCannotBeSavedLeavesItPendingAndItFires(_ fault: String) async throws {
        let rig = try await Self.rig()
        _ = try await rig.client.add(
            app: Self.app, request: Self.request("Kept"), trigger: .timeInterval(seconds: 2, repeats: false))
        try Self.breakDisk(rig.disk, fault)
        let error = await #expect(throws: AgentError.self) {
            _ = try await rig.client.removePending(app: Self.app, identifiers: ["Kept"])
        }
        Self.expectStoreError(error, naming: "pending", in: rig.disk)
        #expect(try await rig.client.pending(app: Self.app).map(\.request.identifier) == ["Kept"])
        let removeAll = await #expect(throws: AgentError.self) {
            _ = try await rig.client.removePending(app: Self.app, identifiers: [])
        }
        Self.expectStoreError(removeAll, naming: "pending", in: rig.disk)
        #expect(try await rig.client.pending(app: Self.app).map(\.request.identifier) == ["Kept"])
        try Self.mendDisk(rig.disk, fault)
        #expect(try await rig.fake.nextCall().request.summary == "Kept")
    }

    @Test(arguments: ["full"])
    func categoriesThatCannotBeSavedAreNotSeen(_ fault: String) async throws {
        let rig = try await Self.rig()
        let before = #"[{"actions":[],"identifier":"old","options":[]}]"#
        try await rig.client.setCategories(app: Self.app, json: before)
        let saved = try await rig.client.categoriesJSON(app: Self.app)
        try Self.breakDisk(rig.disk, fault)
        let error = await #expect(throws: AgentError.self) {
            try await rig.client.setCategories(
                app: Self.app, json: #"[{"actions":[],"identifier":"new","options":[]}]"#)
        }
        Self.expectStoreError(error, naming: "categories", in: rig.disk)
        #expect(try await rig.client.categoriesJSON(app: Self.app) == saved)
    }

    @Test(arguments: ["full"])
    func aResetThatCannotBeSavedKeepsTheSettings(_ fault: String) async throws {
        let rig = try await Self.rig()
        try Self.breakDisk(rig.disk, fault)
        let error = await #expect(throws: AgentError.self) { try await rig.client.resetSettings(app: Self.app) }
        Self.expectStoreError(error, naming: "settings", in: rig.disk)
        #expect(try await rig.client.settings(app: Self.app).authorization == .authorized)
        _ = try await rig.client.add(app: Self.app, request: Self.request("Still"))
        #expect(try await rig.fake.nextCall().request.summary == "Still")
    }
}
