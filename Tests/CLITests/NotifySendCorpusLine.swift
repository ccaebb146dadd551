import Foundation
import Testing
import TestSupport

/// One line of `NotifySendCorpus/corpus.tsv`: a real notify-send command line and where it was
/// found.
struct NotifySendCorpusLine: Sendable, CustomTestStringConvertible {
    /// Repository and path (and a note when the line was changed).
    var source: String
    /// The command line, shell syntax, starting with `notify-send`.
    var commandLine: String

    var testDescription: String { commandLine }

    /// The corpus file.
    static var file: URL {
        PackageRoot.url.appendingPathComponent("Tests/CLITests/NotifySendCorpus/corpus.tsv")
    }

    /// Every line of the corpus; empty when the file cannot be read (a test checks its size).
    static let all: [NotifySendCorpusLine] = {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2 else { return nil }
            return NotifySendCorpusLine(source: String(fields[0]), commandLine: String(fields[1]))
        }
    }()
}
