import DBus
import Testing

/// A received message that nests deeper than D-Bus allows (64 containers, variants included)
/// is an error when read, never a stack overflow: what a hostile peer could send to the agent
/// or to the CLI.
@Suite struct ReceivedNestingTests {
    /// A method call whose one argument is `depth` variants around an `int32`, as a peer
    /// would put it on the wire (little-endian).
    static func nestedVariants(_ depth: Int) throws -> [UInt8] {
        let template = try DBusMessage.methodCall(
            destination: "org.example.Peer", path: "/org/example", interface: "org.example.Iface", member: "Method",
            body: [.variant(.int32(7))]
        ).marshalled()
        func u32(_ at: Int) -> Int {
            Int(template[at]) | Int(template[at + 1]) << 8 | Int(template[at + 2]) << 16 | Int(template[at + 3]) << 24
        }
        let start = (16 + u32(12) + 7) / 8 * 8
        var body: [UInt8] = []
        for _ in 0..<(depth - 1) { body += [1, UInt8(ascii: "v"), 0] }
        body += [1, UInt8(ascii: "i"), 0]
        while (start + body.count) % 4 != 0 { body.append(0) }
        body += [7, 0, 0, 0]
        var bytes = Array(template[..<start]) + body
        let length = UInt32(body.count)
        for index in 0..<4 { bytes[4 + index] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(index))) }
        return bytes
    }

    @Test func aFewNestedVariantsAreRead() throws {
        let message = try DBusMessage(marshalled: try Self.nestedVariants(3))
        #expect(message.body == [.variant(.variant(.variant(.int32(7))))])
    }

    @Test(arguments: [65, 1_000, 100_000]) func deeperThanDBusAllowsIsAnError(depth: Int) throws {
        #expect(throws: DBusError.self) { try DBusMessage(marshalled: try Self.nestedVariants(depth)) }
    }
}
