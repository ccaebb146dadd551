import Foundation
import Testing
import TestSupport

/// The shells' completion scripts ask `unotify ---completion send -- positional@0 INDEX CURSOR
/// WORDS...` for `unotify send`'s words (as bash does); the answer comes from the table send's
/// own parser uses.
@Suite(.timeLimit(.minutes(1))) struct SendCompletionTests {
    /// The candidates for the last of `words`, one per line.
    private func candidates(_ words: [String]) async throws -> [String] {
        let last = words.last ?? ""
        let result = try await UNotifyProcess.run(
            ["---completion", "send", "--", "positional@0", String(words.count - 1), String(last.count)] + words,
            busAddress: nil)
        #expect(result.status == 0)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func aDashOffersEveryOptionOfTheTable() async throws {
        let offered = try await candidates(["unotify", "send", "-"])
        for option in [
            "-u", "-t", "-A", "--urgency", "--expire-time", "--app", "--in", "--every", "--at", "--repeat", "--sound",
        ] {
            #expect(offered.contains(option), "\(option) is missing from \(offered)")
        }
        #expect(!offered.contains("-?"))
    }

    @Test func aLongPrefixOffersOnlyTheOptionsItStarts() async throws {
        #expect(try await candidates(["unotify", "send", "--urg"]) == ["--urgency"])
        #expect(try await candidates(["unotify", "send", "Hello", "--rep"]) == ["--replace-id", "--repeat"])
    }

    @Test func anOptionsValueOffersItsClosedSet() async throws {
        #expect(try await candidates(["unotify", "send", "-u", ""]) == ["low", "normal", "critical"])
        #expect(try await candidates(["unotify", "send", "--repeat", "w"]) == ["weekly"])
        #expect(try await candidates(["unotify", "send", "--urgency=c"]) == ["--urgency=critical"])
        // bash splits the word at "=" (COMP_WORDBREAKS) and completes the part after it
        #expect(try await candidates(["unotify", "send", "--urgency", "=", "c"]) == ["critical"])
    }

    @Test func aFileOptionOffersTheFilesItsPrefixNames() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unotify-completion-\(UUID())")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["photo.png", "plan.txt", ".hidden.png"] {
            try Data([1]).write(to: directory.appendingPathComponent(name))
        }
        let base = directory.path + "/"
        #expect(
            try await candidates(["unotify", "send", "--image", base + "p"])
                == [base + "photo.png", base + "pictures/", base + "plan.txt"])
        #expect(try await candidates(["unotify", "send", "-i", base + "ph"]) == [base + "photo.png"])
        #expect(
            try await candidates(["unotify", "send", "--image=" + base + "ph"]) == ["--image=" + base + "photo.png"])
        #expect(try await candidates(["unotify", "send", "--image", base + ".h"]) == [base + ".hidden.png"])
        #expect(
            try await candidates(["unotify", "send", "--app", "a", "--sound", base + "ph"]) == [base + "photo.png"])
        #expect(try await candidates(["unotify", "send", "-u", base + "ph"]).isEmpty)
    }

    @Test func aSummaryOrAnOpenValueOffersNothing() async throws {
        #expect(try await candidates(["unotify", "send", "Hel"]).isEmpty)
        #expect(try await candidates(["unotify", "send", "-t", "5"]).isEmpty)
    }
}
