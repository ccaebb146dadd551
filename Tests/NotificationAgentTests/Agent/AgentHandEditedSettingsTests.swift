import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport
@testable import NotificationAgent
@testable import UserNotifications

/// `settings.json` changed by someone else (a person with an editor, a script, another agent):
/// the running agent follows what is on disk, not the app's machine it kept in memory.
@Suite(.timeLimit(.minutes(1))) struct AgentHandEditedSettingsTests {
    /// `settings.json` with the one app's authorization number changed in the text, as a person
    /// edits it (Apple's raw values: 1 denied, 2 authorized).
    static func editByHand(_ rig: AgentTests.Rig, from old: Int, to new: Int) throws {
        let file = rig.directory.appendingPathComponent("settings.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"authorization\" : \(old)", with: "\"authorization\" : \(new)")
        try #require(edited != text, "settings.json has no authorization \(old) to edit: \(text)")
        try Data(edited.utf8).write(to: file)
    }

    @Test func aDenyWrittenByHandIsFollowedAtOnce() async throws {
        let rig = try await AgentTests.Rig()
        let app = "org.example.Edited"
        _ = try await rig.client.setSettings(app: app, changes: AppSettings.authorized(requesting: [.alert]).wire)
        _ = try await rig.client.add(app: app, request: DeliveryRequest(identifier: "before", title: "Before"))
        #expect(try await rig.fake.nextCall().request.summary == "Before")

        try Self.editByHand(rig, from: 2, to: 1)
        #expect(try await rig.client.settings(app: app).authorization == .denied, "GetSettings kept the old value")
        let error = await #expect(throws: AgentError.self) {
            try await rig.client.add(app: app, request: DeliveryRequest(identifier: "after", title: "After"))
        }
        #expect(error?.code == .notAllowed)
        #expect(try await rig.shownBeforeMarker() == [], "an app denied by hand reached the server")
        let answer = try await rig.client.requestAuthorization(app: app, options: [.alert], timeout: .seconds(10))
        #expect(answer == (false, .denied), "requestAuthorization answered from memory")
    }

    /// Another writer of the same file (a script using the store, another agent) allows the app.
    @Test func anAllowWrittenByAnotherWriterIsFollowedToo() async throws {
        let rig = try await AgentTests.Rig()
        let app = "org.example.Edited"
        var denied = AppSettings.denied(requesting: [.alert])
        denied.authorization = .denied
        _ = try await rig.client.setSettings(app: app, changes: denied.wire)
        let refused = try await rig.client.requestAuthorization(app: app, options: [.alert], timeout: .seconds(10))
        #expect(refused == (false, .denied))

        try SettingsStore(directory: rig.directory).update(app) { $0 = AppSettings.authorized(requesting: [.alert]) }
        let answer = try await rig.client.requestAuthorization(app: app, options: [.alert], timeout: .seconds(10))
        #expect(answer == (true, .authorized), "requestAuthorization answered from memory")
        _ = try await rig.client.add(app: app, request: DeliveryRequest(identifier: "after", title: "After"))
        #expect(try await rig.fake.nextCall().request.summary == "After")
    }
}
