import DBus
import FreedesktopNotifications
import Testing

/// GVariant text nests at most `GVariantText.maximumDepth` containers (D-Bus's own limits are
/// 32 arrays, 32 structures, 64 in all): deeper text is an error, never a stack overflow.
@Suite struct GVariantTextNestingTests {
    static func nested(_ depth: Int, open: String, close: String, inner: String = "1") -> String {
        String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
    }

    @Test(arguments: [("[", "]"), ("<", ">"), ("{1: ", "}")])
    func atTheLimitItParses(open: String, close: String) throws {
        _ = try GVariantText.parse(Self.nested(GVariantText.maximumDepth, open: open, close: close))
    }

    @Test(arguments: [
        ("[", "]", 5000), ("<", ">", 5000), ("{1: ", "}", 5000), ("[", "]", GVariantText.maximumDepth + 1),
    ])
    func deeperIsAnError(open: String, close: String, depth: Int) {
        let error = #expect(throws: HintArgumentError.self) {
            try GVariantText.parse(Self.nested(depth, open: open, close: close))
        }
        #expect(
            error?.description.contains("nests deeper than \(GVariantText.maximumDepth)") == true,
            "\(String(describing: error))")
    }

    @Test func mixedNestingCountsEveryContainer() {
        let mixed = String(repeating: "[<", count: 20) + "1" + String(repeating: ">]", count: 20)
        #expect(throws: HintArgumentError.self) { try GVariantText.parse(mixed) }
    }

    @Test func theHintArgumentSaysWhyAndQuotesOnlyAPrefix() {
        let deep = "variant:x:" + Self.nested(5000, open: "[", close: "]")
        let error = #expect(throws: HintArgumentError.self) { try HintArgument(parsing: deep) }
        #expect(error?.description.contains("nests deeper") == true)
        #expect((error?.description.utf8.count ?? .max) < 300)
    }

    @Test func aDeepAnnotationIsAnErrorToo() {
        let signature = String(repeating: "a", count: 5000) + "i"
        #expect(throws: (any Error).self) { try GVariantText.parse("@\(signature) []") }
    }
}
