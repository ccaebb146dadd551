import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// unotify named `notify-send` against the real notify-send, 0.8.1 (Debian 12's) and 0.8.9
/// (Debian sid's), on real scripts' command lines (`NotifySendCorpus/corpus.tsv`): the same
/// `Notify` call, output and exit status, unotify following the release it is compared with.
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

    @Test(arguments: NotifySendCorpusLine.all, NotifySendPair.Release.allCases)
    func sameCallOutputAndStatus(_ line: NotifySendCorpusLine, _ release: NotifySendPair.Release) async throws {
        try await Self.compare(line, release: release)
    }

    /// Corners of notify-send's command line that scripts meet less often, compared the same way.
    /// (`-r -1` is left out: notify-send sends it as 0, as unotify does, but first prints a GLib
    /// warning with its pid and the time, which no other program can print alike.)
    @Test(
        arguments: [
            "notify-send -p -h int:value:x Summary", "notify-send -u LOW -t 010 Summary",
            "notify-send -c im -c email Summary", "notify-send -i '' -a '' Summary", "notify-send -c '' Summary",
            "notify-send -u low -h byte:urgency:2 Summary", "notify-send -e -h boolean:transient:false Summary",
            "notify-send -h 'variant:x-v:<int32 5>' -h double:x-d:1.5 Summary",
            "notify-send Summary 'tab\\there\\101 octal\\\\ backslash'", "notify-send -- -dash-summary -",
            "notify-send -t 0 -t -1 Summary", "notify-send -pe Summary", "notify-send Summary Body Extra",
            "notify-send -u critical -u bogus Summary", "notify-send -x Summary", "notify-send Summary -t",
            "notify-send -h byte:x-b:0x1f Summary", "notify-send -n", "notify-send -n app-icon -i image Summary",
            "notify-send -i dialog-information Summary", "notify-send --id-fd=1 Summary",
            "notify-send --id-fd x Summary",
        ], NotifySendPair.Release.allCases)
    func sameOnTheCorners(_ commandLine: String, _ release: NotifySendPair.Release) async throws {
        try await Self.compare(
            NotifySendCorpusLine(source: "a corner case", commandLine: commandLine), release: release)
    }

    /// `-w` and `-A`, which wait for the server: it closes the notification, or the user picks an
    /// action (the one labelled as given, by the key the real notify-send sent for it: an
    /// unnamed action's number differs between releases); the same output, exit status and close.
    @Test(
        arguments: [
            ("notify-send -w -u critical 'Battery is low! - 8%'", nil),
            ("notify-send -A open=Open -A Later 'Build done' 'All tests passed'", "Open"),
            ("notify-send -A open=Open -A Later 'Build done' 'All tests passed'", "Later"),
            ("notify-send -w -A copy=Copy -u normal -a msg 'Title' 'some text'", "Copy"),
        ] as [(String, String?)], NotifySendPair.Release.allCases)
    func sameWhenTheServerActs(_ line: (String, String?), _ release: NotifySendPair.Release) async throws {
        try await Self.compareActing(line.0, line.1, release)
    }

    /// notify-send 0.8.9's descriptors: the id, the chosen action and the activation token the
    /// server sent before it, each written with a newline (here to stderr, `2`), as the real one.
    @Test(arguments: [
        ("notify-send --id-fd=2 -A ok=OK --selected-action-fd=2 --activation-token-fd=2 'Sign in' 'Approve?'", true),
        ("notify-send -A ok=OK --selected-action-fd 2 --activation-token-fd 2 'Sign in' 'Approve?'", false),
    ])
    func sameDescriptorsWhenTheUserActs(_ commandLine: String, _ sendsToken: Bool) async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let pair = try NotifySendPair(release: .v0_8_9)
        var outcomes: [NotifySendPair.Outcome] = []
        for program in NotifySendPair.Program.allCases {
            let process = try pair.start(commandLine, with: program, busAddress: bus.address)
            let call = try await fake.nextCall()
            if sendsToken { try await fake.emit(.activationToken(call.id, token: "token-\(program)")) }
            try await fake.emit(.actionInvoked(call.id, actionKey: "ok"))
            try await fake.waitForClose(of: call.id)
            var outcome = try await NotifySendPair.outcome(of: process)
            outcome.stderr = outcome.stderr.replacingOccurrences(of: "\(call.id.rawValue)\n", with: "<id>\n")
                .replacingOccurrences(of: "token-\(program)", with: "<token>")
            outcomes.append(outcome)
        }
        #expect(outcomes[0].stdout == "ok\n")
        #expect(outcomes[0].stderr == (sendsToken ? "<id>\nok\n<token>\n" : "ok\n\n"))
        #expect(outcomes[1].stdout == outcomes[0].stdout)
        #expect(outcomes[1].stderr == outcomes[0].stderr)
        #expect(outcomes[1].status == outcomes[0].status)
    }

    static func compareActing(_ commandLine: String, _ label: String?, _ release: NotifySendPair.Release)
        async throws
    {
        var actionKey: String?
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let pair = try NotifySendPair(release: release)
        var outcomes: [NotifySendPair.Outcome] = []
        var calls: [FakeNotificationServer.Call] = []
        for program in NotifySendPair.Program.allCases {
            let process = try pair.start(commandLine, with: program, busAddress: bus.address)
            let call = try await fake.nextCall()
            if let label {
                // The real one runs first: its key for the label is the one both must print.
                let key = try #require(call.request.actions.first { $0.label == label }?.key)
                actionKey = actionKey ?? key
                try await fake.emit(.actionInvoked(call.id, actionKey: key))
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
    static func compare(_ line: NotifySendCorpusLine, release: NotifySendPair.Release) async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let pair = try NotifySendPair(release: release)
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
