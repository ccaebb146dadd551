import DBus
import FreedesktopNotifications
import Testing

/// Signatures nest as libdbus allows them (32 arrays, 32 structures or dictionary entries, 64
/// in all): anything deeper is an error before libdbus sees it, as libdbus aborts on one.
@Suite struct SignatureNestingTests {
    static func arrays(_ depth: Int) -> String { String(repeating: "a", count: depth) + "i" }
    static func structures(_ depth: Int) -> String {
        String(repeating: "(", count: depth) + "i" + String(repeating: ")", count: depth)
    }
    static func dictionaries(_ depth: Int) -> String {
        String(repeating: "a{s", count: depth) + "i" + String(repeating: "}", count: depth)
    }

    @Test(arguments: [arrays(32), structures(32), dictionaries(32), "a(" + arrays(31) + ")"])
    func atTheLimitsItParses(signature: String) throws {
        _ = try DBusSignature(parsing: signature)
    }

    @Test(arguments: [arrays(33), structures(33), dictionaries(33), arrays(5000)])
    func deeperIsAnError(signature: String) {
        #expect(throws: DBusError.self) { try DBusSignature(parsing: signature) }
    }

    /// A `signature` value inside `-h variant:` text is checked the same way.
    @Test func aDeepSignatureValueIsAnError() {
        #expect(throws: HintArgumentError.self) {
            try HintArgument(parsing: "variant:x:signature '\(Self.arrays(40))'")
        }
    }
}
