import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// `unotify send` exits only once the server has taken the notification, as notify-send does:
/// GNOME Shell 46 and later ask the bus for the sender's process before they show a
/// notification, and drop it when the sender has already left (measured on GNOME 48.7 and
/// 51.0: twenty sends that did not wait for the answer left nine and eleven notifications).
/// The fake server here asks the same question, after the sender left if it leaves.
@Suite(.timeLimit(.minutes(1))) struct SendAcceptedTests {
    @Test func aPlainSendStaysUntilTheServerHasAskedForItsProcess() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let fake = try await FakeNotificationServer(address: bus.address, senderPatience: .seconds(2))
        let result = try await UNotifyProcess.run(["send", "Kept", "body"], busAddress: bus.address)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fake.lostSummaries == [])
        #expect(try await fake.nextCall().request.summary == "Kept")
        await fake.stop()
    }

    @Test func aReplacementFromAnotherProcessIsKept() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let fake = try await FakeNotificationServer(address: bus.address, senderPatience: .seconds(2))
        let first = try await UNotifyProcess.run(["send", "-p", "Replace me", "v1"], busAddress: bus.address)
        #expect(first.status == 0, "\(first.stderr)")
        let id = first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let second = try await UNotifyProcess.run(["send", "-r", id, "Replaced", "v2"], busAddress: bus.address)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(fake.lostSummaries == [])
        #expect(try await fake.nextCall().request.summary == "Replace me")
        let replacement = try await fake.nextCall()
        #expect(replacement.request.summary == "Replaced")
        #expect(String(replacement.id.rawValue) == id)
        await fake.stop()
    }
}
