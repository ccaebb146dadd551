import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// unotify named `notify-send` against the real notify-send 0.8.1, on real scripts' command lines
/// (`NotifySendCorpus/corpus.tsv`): the same `Notify` call, output and exit status.
@Suite(.timeLimit(.minutes(5))) struct NotifySendParityTests {
    @Test func theCorpusHoldsFortyRealCommandLinesWithTheirSources() throws {
        let corpus = NotifySendCorpusLine.all
        #expect(corpus.count >= 40, "\(NotifySendCorpusLine.file.path) holds \(corpus.count) lines")
        for line in corpus {
            #expect(line.source.split(separator: " ").count >= 2, "no repository and path: \(line.source)")
            #expect(line.commandLine.hasPrefix("notify-send"), "not a notify-send line: \(line.commandLine)")
        }
        #expect(corpus.contains { $0.commandLine.hasSuffix(" \"\"") }, "no empty summary in the corpus")
    }

    @Test(arguments: NotifySendCorpusLine.all)
    func sameCallOutputAndStatus(_ line: NotifySendCorpusLine) async throws {
        try await Self.compare(line)
    }

    /// Corners of notify-send's command line that scripts meet less often, compared the same way.
    /// (`-r -1` is left out: notify-send sends it as 0, as unotify does, but first prints a GLib
    /// warning with its pid and the time, which no other program can print alike.)
    @Test(arguments: [
        "notify-send -p -h int:value:x Summary", "notify-send -u LOW -t 010 Summary",
        "notify-send -c im -c email Summary", "notify-send -i '' -a '' Summary", "notify-send -c '' Summary",
        "notify-send -u low -h byte:urgency:2 Summary", "notify-send -e -h boolean:transient:false Summary",
        "notify-send -h 'variant:x-v:<int32 5>' -h double:x-d:1.5 Summary",
        "notify-send Summary 'tab\\there\\101 octal\\\\ backslash'", "notify-send -- -dash-summary -",
        "notify-send -t 0 -t -1 Summary", "notify-send -pe Summary", "notify-send Summary Body Extra",
        "notify-send -u critical -u bogus Summary", "notify-send -x Summary", "notify-send Summary -t",
    ])
    func sameOnTheCorners(_ commandLine: String) async throws {
        try await Self.compare(NotifySendCorpusLine(source: "a corner case", commandLine: commandLine))
    }

    /// `-w` and `-A`, which wait for the server: it closes the notification, or the user picks an
    /// action (the key given); the same output, exit status and close.
    @Test(
        arguments: [
            ("notify-send -w -u critical 'Battery is low! - 8%'", nil),
            ("notify-send -A open=Open -A Later 'Build done' 'All tests passed'", "open"),
            ("notify-send -A open=Open -A Later 'Build done' 'All tests passed'", "1"),
            ("notify-send -w -A copy=Copy -u normal -a msg 'Title' 'some text'", "copy"),
        ] as [(String, String?)])
    func sameWhenTheServerActs(_ commandLine: String, _ actionKey: String?) async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let pair = try NotifySendPair()
        var outcomes: [NotifySendPair.Outcome] = []
        var calls: [FakeNotificationServer.Call] = []
        for program in NotifySendPair.Program.allCases {
            let process = try pair.start(commandLine, with: program, busAddress: bus.address)
            let call = try await fake.nextCall()
            if let actionKey {
                try await fake.emit(.actionInvoked(call.id, actionKey: actionKey))
                // Both close the notification whose action was chosen.
                try await fake.waitForClose(of: call.id)
            } else {
                try await fake.emit(.closed(call.id, .dismissed))
            }
            outcomes.append(try await NotifySendPair.outcome(of: process))
            calls.append(call)
        }
        #expect(outcomes[1].status == outcomes[0].status)
        #expect(outcomes[1].stdout == outcomes[0].stdout)
        #expect(outcomes[1].stderr == outcomes[0].stderr)
        #expect(outcomes[0].stdout == (actionKey.map { "\($0)\n" } ?? ""))
        #expect(Self.comparable(calls[1]) == Self.comparable(calls[0]))
    }

    /// Runs `line` with both programs against one recording server and compares what each sent,
    /// printed and exited with.
    static func compare(_ line: NotifySendCorpusLine) async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let pair = try NotifySendPair()
        var outcomes: [NotifySendPair.Program: NotifySendPair.Outcome] = [:]
        var calls: [NotifySendPair.Program: [FakeNotificationServer.Call]] = [:]
        for program in NotifySendPair.Program.allCases {
            var outcome = try await pair.run(line.commandLine, with: program, busAddress: bus.address)
            // A send after it: the server has what the run sent once it has this one.
            let marker = "marker after \(program)"
            #expect(try await UNotifyProcess.run(["send", marker], busAddress: bus.address).status == 0)
            let sent = try await fake.calls(before: marker)
            // The ids differ between the two runs (one server counts on); the output must say the
            // id the server gave each.
            if let id = sent.first?.id.rawValue {
                outcome.stdout = outcome.stdout.replacingOccurrences(of: "\(id)\n", with: "<id>\n")
            }
            outcomes[program] = outcome
            calls[program] = sent
        }
        let real = try #require(outcomes[.real])
        let ours = try #require(outcomes[.unotify])
        #expect(ours.status == real.status, "exit status; source: \(line.source)")
        #expect(ours.stdout == real.stdout, "stdout; source: \(line.source)")
        #expect(ours.stderr == real.stderr, "stderr; source: \(line.source)")
        let realCalls = calls[.real] ?? []
        let ourCalls = calls[.unotify] ?? []
        #expect(ourCalls.count == realCalls.count, "Notify calls; source: \(line.source)")
        for (mine, theirs) in zip(ourCalls, realCalls) {
            #expect(Self.comparable(mine) == Self.comparable(theirs), "the Notify call; source: \(line.source)")
            #expect(mine.hintKeys.contains("sender-pid") == theirs.hintKeys.contains("sender-pid"))
        }
    }

    /// The call's arguments as sent, without `sender-pid` (each process sends its own).
    static func comparable(_ call: FakeNotificationServer.Call) -> [DBusValue] {
        var arguments = call.arguments
        if arguments.count == 8, var hints = try? [String: DBusVariant](dbusValue: arguments[6]) {
            hints["sender-pid"] = nil
            arguments[6] = hints.dbusValue
        }
        return arguments
    }
}
