import FreedesktopNotifications
import Testing
import TestSupport

/// `unotify send` reads its options with notify-send's (GOption's) rules.
@Suite(.timeLimit(.minutes(1))) struct GOptionSyntaxTests {
    @Test(arguments: [
        ["send", "-t5000", "-ucritical", "S", "B"],
        ["send", "--expire-time=5000", "--urgency=critical", "S", "B"],
        ["send", "S", "--expire-time", "5000", "B", "-u", "critical"],
        ["send", "-u", "critical", "-t", "5000", "--", "S", "B"],
    ])
    func everySpellingMeansTheSame(_ arguments: [String]) async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let result = try await UNotifyProcess.run(arguments, busAddress: bus.address)
        #expect(result.status == 0)
        let call = try await fake.nextCall()
        #expect(call.request.summary == "S")
        #expect(call.request.body == "B")
        #expect(call.request.expireTimeout == .milliseconds(5000))
        #expect(call.request.hints.urgency == .critical)
    }

    @Test func combinedShortFlagsAndADashSummaryAfterDoubleDash() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let result = try await UNotifyProcess.run(["send", "-pe", "--", "-not-an-option"], busAddress: bus.address)
        let call = try await fake.nextCall()
        #expect(result.status == 0)
        #expect(result.stdout == "\(call.id.rawValue)\n")
        #expect(call.request.summary == "-not-an-option")
        #expect(call.request.hints.isTransient == true)
    }

    @Test(arguments: [
        (["send", "-x", "S"], "Unknown option -x\n"),
        (["send", "--bogus", "S"], "Unknown option --bogus\n"),
        (["send", "S", "-t"], "Missing argument for -t\n"),
        // The option is named as it was spelled, as GOption names it.
        (["send", "-t", "soon", "S"], "Cannot parse integer value \u{201C}soon\u{201D} for -t\n"),
        (["send", "--expire-time=soon", "S"], "Cannot parse integer value \u{201C}soon\u{201D} for --expire-time\n"),
        (["send", "-t", "99999999999", "S"], "Integer value \u{201C}99999999999\u{201D} for -t out of range\n"),
        (["send", "--bogus", "--help"], "Unknown option --bogus\n"),
    ])
    func malformedOptionsAreOneLineAndExitOne(_ arguments: [String], _ message: String) async throws {
        let bus = try PrivateBus()
        let result = try await UNotifyProcess.run(arguments, busAddress: bus.address)
        #expect(result.status == 1)
        #expect(result.stderr == message)
    }

    @Test func helpListsEveryNotifySendOption() async throws {
        let result = try await UNotifyProcess.run(["send", "--help"], busAddress: nil)
        #expect(result.status == 0)
        for option in [
            "--urgency", "--expire-time", "--app-name", "--icon", "--category", "--transient", "--hint",
            "--print-id", "--replace-id", "--wait", "--action",
        ] {
            #expect(result.stdout.contains(option), "\(option) missing from help")
        }
    }
}
