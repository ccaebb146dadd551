import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Synchronization
import Testing
import TestSupport
@testable import NotificationAgent

/// Who presents an app's notifications: the first live registration holds until its connection
/// leaves (another connection cannot take the app's notifications over), a registration made
/// meanwhile waits its turn, and a presenter that does not answer is asked once, not before
/// every notification.
@Suite(.timeLimit(.minutes(1))) struct AgentPresenterTrustTests {
    static let app = "org.example.Tea"
    static let everything = UInt(PresentationOptionBits([.banner, .list, .sound]).rawValue)

    /// A presenter on its own connection: answers `answer` (nil: never answers) and counts
    /// what it was asked.
    final class Presenter: Sendable {
        final class Count: Sendable {
            let value = Mutex(0)
        }
        let client: AgentClient
        private let asked = Count()

        init(on bus: PrivateBus, answer: UInt?) async throws {
            client = try await AgentClient(address: bus.address, startAgent: false)
            try await client.registerPresenter(app: AgentPresenterTrustTests.app) { [asked] _ in
                asked.value.withLock { $0 += 1 }
                guard let answer else {
                    try? await Task.sleep(for: .seconds(30))
                    return nil
                }
                return answer
            }
        }

        var timesAsked: Int { asked.value.withLock { $0 } }
    }

    static func rig() async throws -> AgentTests.Rig {
        let rig = try await AgentTests.Rig()
        _ = try await rig.client.setSettings(
            app: app, changes: AppSettings.authorized(requesting: [.alert, .sound, .badge]).wire)
        return rig
    }

    @Test func aLaterRegistrationCannotTakeTheAppsNotificationsOver() async throws {
        let rig = try await Self.rig()
        let own = try await Presenter(on: rig.bus, answer: Self.everything)
        let hijacker = try await Presenter(on: rig.bus, answer: 0)
        _ = try await rig.client.add(app: Self.app, request: DeliveryRequest(identifier: "tea", title: "Tea"))
        #expect(try await rig.fake.nextCall().request.summary == "Tea")
        #expect(own.timesAsked == 1)
        #expect(hijacker.timesAsked == 0, "a second connection took over the app's presenting")
    }

    @Test func whenTheHolderLeavesTheWaitingRegistrationPresents() async throws {
        let rig = try await Self.rig()
        let first = try await Presenter(on: rig.bus, answer: Self.everything)
        let second = try await Presenter(on: rig.bus, answer: Self.everything)
        await first.client.connection.close()
        // The agent drops the first when the bus says its connection left; until then it may
        // still try it (and get no answer). Add until the second is asked.
        try await Eventually.wait(timeout: .seconds(10), "the second registration presents") {
            _ = try await rig.client.add(app: Self.app, request: DeliveryRequest(identifier: "tea", title: "Tea"))
            return second.timesAsked > 0
        }
    }

    /// Another connection that registered and left takes nothing with it: the app's own
    /// presenter is still asked.
    @Test func theAppsPresenterIsStillAskedAfterAnotherRegisteredAndLeft() async throws {
        let rig = try await Self.rig()
        let own = try await Presenter(on: rig.bus, answer: Self.everything)
        let other = try await Presenter(on: rig.bus, answer: Self.everything)
        await other.client.connection.close()
        let client = try DBusConnection(address: rig.bus.address)
        let otherName = other.client.connection.uniqueName
        try await Eventually.wait(timeout: .seconds(10), "the bus saw the other connection leave") {
            try await client.nameOwner(of: BusName(validating: otherName)) == nil
        }
        try await Eventually.wait(timeout: .seconds(10), "the app's own presenter is asked after another left") {
            _ = try await rig.client.add(app: Self.app, request: DeliveryRequest(identifier: "tea", title: "Tea"))
            return own.timesAsked > 0
        }
    }

    /// A presenter that never answers costs its deadline once; afterwards the settings alone
    /// decide until it registers again.
    @Test func aPresenterThatDoesNotAnswerIsAskedOnce() async throws {
        let rig = try await Self.rig()
        let silent = try await Presenter(on: rig.bus, answer: nil)
        for number in 1...3 {
            _ = try await rig.client.add(
                app: Self.app, request: DeliveryRequest(identifier: "tea\(number)", title: "Tea \(number)"))
            #expect(try await rig.fake.nextCall().request.summary == "Tea \(number)")
        }
        #expect(silent.timesAsked == 1)
    }
}
