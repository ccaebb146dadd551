@testable import DBus
import Testing

/// D-Bus's limits on types and nesting (found by fuzzing `-h variant:…` hints): libdbus aborts
/// the process when asked to write a signature nested deeper than 32 arrays or 32 structures
/// or longer than 255 bytes, and a receiver rejects a message whose values nest deeper than 64
/// containers (variants included). Each is a clear error before libdbus sees it.
@Suite struct WireLimitTests {
    static func nested(_ depth: Int, _ wrap: (DBusSignature) -> DBusSignature) -> DBusSignature {
        (0..<depth).reduce(DBusSignature.byte) { inner, _ in wrap(inner) }
    }

    static func message(_ body: [DBusValue]) -> DBusMessage {
        DBusMessage.signal(path: "/t", interface: "org.example.T", member: "S", body: body)
    }

    @Test func parsingRejectsMoreThan32NestedArrays() throws {
        #expect(try DBusSignature(parsing: String(repeating: "a", count: 32) + "y") == Self.nested(32) { .array($0) })
        #expect(throws: DBusError.self) { try DBusSignature(parsing: String(repeating: "a", count: 33) + "y") }
        let dictionaries = String(repeating: "a{sa", count: 17) + "y" + String(repeating: "}", count: 17)
        #expect(throws: DBusError.self) { try DBusSignature(parsing: dictionaries) }
    }

    @Test func parsingRejectsMoreThan32NestedStructures() throws {
        let deep = { (n: Int) in String(repeating: "(", count: n) + "y" + String(repeating: ")", count: n) }
        #expect(try DBusSignature(parsing: deep(32)) == Self.nested(32) { .structure([$0]) })
        #expect(throws: DBusError.self) { try DBusSignature(parsing: deep(33)) }
    }

    @Test func parsingRejectsATypeLongerThan255Bytes() throws {
        let long = { (n: Int) in "(" + String(repeating: "y", count: n) + ")" }
        #expect(try DBusSignature(parsing: long(253)).description.utf8.count == 255)
        #expect(throws: DBusError.self) { try DBusSignature(parsing: long(254)) }
    }

    @Test(arguments: ["y", "as", "a{sv}", "(iiibiiay)", "a{oa{sa{sv}}}", "aa(ya{by})"])
    func aTypesLengthIsItsTextsLength(_ text: String) throws {
        #expect(try DBusSignature(parsing: text).textLength == text.utf8.count)
    }

    @Test func aSignatureValueTooDeepIsAnErrorNotAnAbort() {
        #expect(throws: DBusError.self) { try Self.message([.signature(Self.nested(33) { .array($0) })]).marshalled() }
        #expect(throws: DBusError.self) {
            try Self.message([.signature(Self.nested(33) { .structure([$0]) })]).marshalled()
        }
    }

    @Test func anEmptyArrayOfATooDeepTypeIsAnErrorNotAnAbort() {
        #expect(throws: DBusError.self) {
            try Self.message([.array(element: Self.nested(32) { .array($0) }, [])]).marshalled()
        }
    }

    @Test func valuesNestedDeeperThan64ContainersAreAnErrorNotAnUnreadableMessage() throws {
        let variants = { (n: Int) in (0..<n).reduce(DBusValue.byte(1)) { inner, _ in .variant(inner) } }
        let fits = Self.message([variants(64)])
        #expect(try DBusMessage(marshalled: fits.marshalled()).body == fits.body)
        #expect(throws: DBusError.self) { try Self.message([variants(65)]).marshalled() }
        #expect(throws: DBusError.self) { try Self.message([.array(element: .variant, [variants(64)])]).marshalled() }
    }

    @Test func aBodyWhoseSignatureIsLongerThan255BytesIsAnError() throws {
        #expect(try Self.message(Array(repeating: .byte(1), count: 255)).marshalled().isEmpty == false)
        #expect(throws: DBusError.self) { try Self.message(Array(repeating: .byte(1), count: 256)).marshalled() }
    }
}
