import FreedesktopNotifications
import Testing
import TestSupport

/// An empty summary is refused as notify-send 0.8.1 refuses it: "No summary specified.", exit 1,
/// nothing sent (scripts written for it rely on that failure: `notify-send "$title" "$text" ||
/// fallback`, `set -e`); notify-send 0.8.9, the newest, sends it, and so does `unotify send`
/// unless `UNOTIFY_NOTIFY_SEND_VERSION=0.8.1`. The agent's path (`--app`) refuses it either way.
@Suite(.timeLimit(.minutes(1))) struct EmptySummaryTests {
    @Test(arguments: [
        (["send", ""], "0.8.1"),
        (["send", "", "English (US)"], "0.8.1"),
        (["send", "-p", "-u", "low", "", "body"], "0.8.1"),
        (["send", "--", ""], "0.8.1"),
        // The agent's path refuses it in every release: a notification without a title is no
        // better when it comes later, and a scheduled one would fail where no script sees it.
        (["send", "--app", "local.empty-summary", "", "body"], "0.8.9"),
        (["send", "--app", "local.empty-summary", "--in", "5m", "", "body"], "0.8.9"),
        (["send", "--app", "local.empty-summary", "", "body"], "0.8.1"),
    ])
    func emptySummaryExitsOneAndSendsNothing(_ arguments: [String], _ release: String) async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let result = try await UNotifyProcess.run(
            arguments, busAddress: bus.address, extraEnvironment: ["UNOTIFY_NOTIFY_SEND_VERSION": release])
        #expect(result.status == 1)
        #expect(result.stderr == "No summary specified.\n")
        #expect(result.stdout == "")
        // A good send after the refused one: the server gets it, and nothing before it.
        #expect(try await UNotifyProcess.run(["send", "Marker"], busAddress: bus.address).status == 0)
        #expect(try await fake.calls(before: "Marker").isEmpty, "the empty summary reached the server")
    }

    /// The newest notify-send's: sent as it is, with the body.
    @Test func theNewestReleaseSendsAnEmptySummary() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let result = try await UNotifyProcess.run(["send", "-p", "", "English (US)"], busAddress: bus.address)
        #expect(result.status == 0)
        let call = try await fake.nextCall()
        #expect(result.stdout == "\(call.id.rawValue)\n")
        #expect(call.request.summary == "")
        #expect(call.request.body == "English (US)")
    }

    @Test func aSummaryOfOneSpaceIsNotEmpty() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let result = try await UNotifyProcess.run(["send", " ", "body"], busAddress: bus.address)
        #expect(result.status == 0)
        #expect(try await fake.nextCall().request.summary == " ")
    }
}
