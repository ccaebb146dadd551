import FreedesktopNotifications
import Testing
import TestSupport

/// An empty summary is refused as notify-send refuses it: "No summary specified.", exit 1, nothing
/// sent. Scripts rely on that failure (`notify-send "$title" "$text" || fallback`, `set -e`).
@Suite(.timeLimit(.minutes(1))) struct EmptySummaryTests {
    @Test(arguments: [
        ["send", ""],
        ["send", "", "English (US)"],
        ["send", "-p", "-u", "low", "", "body"],
        ["send", "--", ""],
        // The agent's path refuses it too: a notification without a title is no better when it
        // comes later, and a scheduled one would fail where no script sees it.
        ["send", "--app", "local.empty-summary", "", "body"],
        ["send", "--app", "local.empty-summary", "--in", "5m", "", "body"],
    ])
    func emptySummaryExitsOneAndSendsNothing(_ arguments: [String]) async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let result = try await UNotifyProcess.run(arguments, busAddress: bus.address)
        #expect(result.status == 1)
        #expect(result.stderr == "No summary specified.\n")
        #expect(result.stdout == "")
        // A good send after the refused one: the server gets it, and nothing before it.
        #expect(try await UNotifyProcess.run(["send", "Marker"], busAddress: bus.address).status == 0)
        #expect(try await fake.calls(before: "Marker").isEmpty, "the empty summary reached the server")
    }

    @Test func aSummaryOfOneSpaceIsNotEmpty() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let result = try await UNotifyProcess.run(["send", " ", "body"], busAddress: bus.address)
        #expect(result.status == 0)
        #expect(try await fake.nextCall().request.summary == " ")
    }
}
