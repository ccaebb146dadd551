import DBus
import FreedesktopNotifications
import Testing

/// `-h variant:…` hints whose types D-Bus cannot carry (found by fuzzing): libdbus aborted
/// `unotify send` when it wrote them. Now the hint is refused with notify-send's message.
@Suite struct HintArgumentWireLimitTests {
    @Test(arguments: [
        "variant:x:signature '" + String(repeating: "a", count: 33) + "y'",
        "variant:x:@" + String(repeating: "a", count: 33) + "y []",
        "variant:x:signature '" + String(repeating: "(", count: 33) + "y" + String(repeating: ")", count: 33) + "'",
    ])
    func aTypeDBusCannotCarryIsRefused(_ text: String) {
        #expect(throws: HintArgumentError.self) { try HintArgument(parsing: text) }
    }

    @Test func theDeepestTypeDBusCarriesIsAccepted() throws {
        let hint = try HintArgument(parsing: "variant:x:signature '" + String(repeating: "a", count: 32) + "y'")
        guard case .signature(let signature) = hint.value else {
            Issue.record("expected a signature value, got \(hint.value)")
            return
        }
        #expect(signature.description == String(repeating: "a", count: 32) + "y")
    }
}
