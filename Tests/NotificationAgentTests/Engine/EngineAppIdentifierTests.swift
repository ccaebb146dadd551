import PropertyBased
import Testing
@testable import UserNotifications
@testable import NotificationAgent

/// Which app identifiers name an app: never one that reaches outside the state directory, nor
/// one with characters a prompt would show invisibly or reordered (so it could pass for another app).
@Suite struct EngineAppIdentifierTests {
    /// Invisible, bidirectional-control and control scalars: each one makes an identifier invalid.
    static let invisible: [Unicode.Scalar] = [
        "\u{202E}", "\u{202D}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{200E}", "\u{200F}", "\u{2066}", "\u{2067}",
        "\u{2068}", "\u{2069}", "\u{061C}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}",
        "\u{2028}", "\u{2029}", "\u{0000}", "\u{001B}", "\u{007F}", "\u{0085}", "\u{E000}", "\u{180E}", "\u{3164}",
    ]

    @Test(arguments: [
        ".", "..", "org.example.\u{202E}aeT", "org.example\u{200B}.Tea", "\u{FEFF}org.example.Tea",
        "org.example.Tea\u{2066}", "org/example", "", "a␀b", "org.example.Tea\n",
    ])
    func refused(argument: String) {
        // "␀" stands for a NUL byte, which would cut Swift Testing's line for this case short.
        let identifier = argument.replacingOccurrences(of: "␀", with: "\u{0}")
        #expect(AppIdentifier.problem(with: identifier) != nil, "\(identifier.debugDescription)")
    }

    @Test(arguments: ["org.example.Tea", "...", ".hidden", "com.例え.アプリ", "Tea Timer", "org.example.Tea-2", "a..b"])
    func accepted(identifier: String) {
        #expect(AppIdentifier.problem(with: identifier) == nil, "\(identifier.debugDescription)")
    }

    /// Default-ignorable marks show as nothing: "a\u{FE0F}b" looks like "ab".
    @Test(arguments: ["\u{034F}", "\u{FE0F}", "\u{180B}", "\u{17B4}", "\u{E0100}"] as [Unicode.Scalar])
    func anInvisibleMarkIsRefusedByName(mark: Unicode.Scalar) {
        let hex = String(mark.value, radix: 16, uppercase: true)
        let name = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let problem = AppIdentifier.problem(with: "a" + String(mark) + "b")
        #expect(problem?.contains(name) == true, "\(name): \(problem ?? "accepted")")
    }

    @Test func theProblemNamesTheCharacterByCodePoint() {
        #expect(AppIdentifier.problem(with: "org.\u{202E}x")?.contains("U+202E") == true)
        #expect(AppIdentifier.problem(with: "..")?.contains("..") == true)
    }

    /// Any valid identifier with one invisible scalar inserted anywhere is refused.
    @Test func anInvisibleScalarAnywhereIsRefused() async {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCZ0189.-_".unicodeScalars)
        await propertyCheck(count: 2000, input: Gen<UInt64>.value(in: 0...UInt64.max).array(of: 3...40)) { words in
            var scalars = words.dropFirst(2).map { alphabet[Int($0 % UInt64(alphabet.count))] }
            let base = String(String.UnicodeScalarView(scalars))
            if base != ".", base != ".." {
                #expect(AppIdentifier.problem(with: base) == nil, "\(base.debugDescription)")
            }
            let inserted = Self.invisible[Int(words[0] % UInt64(Self.invisible.count))]
            scalars.insert(inserted, at: Int(words[1] % UInt64(scalars.count + 1)))
            let identifier = String(String.UnicodeScalarView(scalars))
            #expect(AppIdentifier.problem(with: identifier) != nil, "\(identifier.debugDescription)")
        }
    }
}
