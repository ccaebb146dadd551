import Testing
import TestSupport

/// `unotify --help` and each subcommand's `--help` at several terminal widths (`COLUMNS`):
/// ArgumentParser wraps the overview itself, so a line of it ends early only where a paragraph,
/// an example or a table does, never in the middle of a sentence.
@Suite(.timeLimit(.minutes(1))) struct HelpWrappingTests {
    static let widths = [60, 80, 120, 200]
    static let commands: [[String]] = [
        [], ["server"], ["request"], ["settings"], ["pending"], ["delivered"], ["remove"], ["categories"],
        ["listen"], ["reply"], ["badge"], ["push"],
    ]

    /// The help's OVERVIEW: its lines from "OVERVIEW:" up to "USAGE:".
    static func overview(_ command: [String], width: Int) async throws -> [Substring] {
        let help = try await UNotifyProcess.run(
            command + ["--help"], busAddress: nil, extraEnvironment: ["COLUMNS": String(width)])
        #expect(help.status == 0, "\(help.stderr)")
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("OVERVIEW:") }, "\(help.stdout)")
        let end = try #require(lines.firstIndex { $0.hasPrefix("USAGE:") }, "\(help.stdout)")
        return Array(lines[start..<end])
    }

    /// Where `line` is followed by `next` although `next`'s first word would still have fit on it:
    /// two lines of prose (no column gaps) at one indentation. An example or a table row (indented
    /// further, or with runs of spaces) and a paragraph's end (a blank line) may end early.
    static func brokenEarly(_ line: Substring, _ next: Substring, width: Int) -> Bool {
        func indentation(_ text: Substring) -> Int { text.prefix { $0 == " " }.count }
        func isProse(_ text: Substring) -> Bool {
            !text.isEmpty && !text.dropFirst(indentation(text)).contains("  ")
        }
        guard isProse(line), isProse(next), indentation(line) == indentation(next) else { return false }
        let word = next.dropFirst(indentation(next)).prefix { $0 != " " }
        return line.count + 1 + word.count + 1 <= width
    }

    @Test(arguments: commands)
    func theOverviewBreaksNoSentence(_ command: [String]) async throws {
        for width in Self.widths {
            let lines = try await Self.overview(command, width: width)
            for (line, next) in zip(lines, lines.dropFirst()) {
                #expect(
                    !Self.brokenEarly(line, next, width: width),
                    "unotify \(command.joined(separator: " ")) --help at COLUMNS=\(width) breaks the line early:\n\(line)\n\(next)"
                )
            }
        }
    }

    /// `unotify send --help` is notify-send's kind of help, unwrapped: each sentence is one line.
    @Test func sendsHelpEndsNoLineInASentence() async throws {
        let help = try await UNotifyProcess.run(
            ["send", "--help"], busAddress: nil, extraEnvironment: ["COLUMNS": "80"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(
            help.stdout.contains(
                "\nExit status: 0 done; 1 bad arguments or the notification could not be shown; 2 no session bus or no "
                    + "notification server.\n"), "\(help.stdout)")
    }

    @Test func theExitStatusSentenceIsOneLineWhenItFits() async throws {
        let lines = try await Self.overview([], width: 200)
        #expect(
            lines.contains {
                $0.contains("1 when the notification could not be shown or an argument is wrong (as notify-send)")
            },
            "\(lines.joined(separator: "\n"))")
    }
}
