import DBus
import Testing

/// Marshalling checked against bytes worked out by hand from the D-Bus specification.
@Suite struct GoldenBytesTests {
    /// The body of a marshalled little-endian message: after the 16-byte fixed header and the
    /// header-field array, padded to 8.
    static func body(of bytes: [UInt8]) -> [UInt8] {
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        let bodyLength = u32(4)
        let fieldsLength = u32(12)
        let start = (16 + fieldsLength + 7) / 8 * 8
        #expect(bytes.count == start + bodyLength)
        return Array(bytes[start...])
    }

    static func call(_ body: [DBusValue]) -> DBusMessage {
        .methodCall(
            destination: "org.example.Peer", path: "/org/example", interface: "org.example.Iface",
            member: "Method", body: body)
    }

    @Test func emptyDictionaryStillPadsToEight() throws {
        let bytes = try Self.call([[String: DBusVariant]().dbusValue, UInt8(7).dbusValue]).marshalled()
        #expect(Self.body(of: bytes) == [0, 0, 0, 0, 0, 0, 0, 0, 7])
    }

    @Test func emptyStringArrayHasNoPadding() throws {
        let bytes = try Self.call([[String]().dbusValue, UInt8(7).dbusValue]).marshalled()
        #expect(Self.body(of: bytes) == [0, 0, 0, 0, 7])
    }

    static let notifyBody: [DBusValue] = [
        .string("app"), .uint32(0), .string(""), .string("S"), .string("B"),
        [String]().dbusValue, ["urgency": DBusVariant(UInt8(1))].dbusValue, .int32(-1),
    ]

    /// `Notify(susssasa{sv}i)` worked out by hand: every string is length, bytes, NUL; each
    /// value is aligned to its size; the dictionary pads to 8 after its length.
    static let notifyGolden: [UInt8] = [
        3, 0, 0, 0, 0x61, 0x70, 0x70, 0,  // "app"
        0, 0, 0, 0,  // replaces_id 0
        0, 0, 0, 0, 0,  // "" (icon)
        0, 0, 0,  // pad to 20
        1, 0, 0, 0, 0x53, 0,  // "S"
        0, 0,  // pad to 28
        1, 0, 0, 0, 0x42, 0,  // "B"
        0, 0,  // pad to 36
        0, 0, 0, 0,  // as: empty
        16, 0, 0, 0,  // a{sv}: 16 bytes of entries
        0, 0, 0, 0,  // pad to 48
        7, 0, 0, 0, 0x75, 0x72, 0x67, 0x65, 0x6E, 0x63, 0x79, 0,  // "urgency"
        1, 0x79, 0,  // variant signature "y"
        1,  // byte 1
        0xFF, 0xFF, 0xFF, 0xFF,  // expire_timeout -1
    ]

    @Test func notifyArgumentsEncodeToHandWrittenBytes() throws {
        let bytes = try Self.call(Self.notifyBody).marshalled()
        #expect(Self.body(of: bytes) == Self.notifyGolden)
    }

    @Test func handWrittenBytesDecodeToTypedValues() throws {
        // A header for the same signature, from libdbus, followed by the hand-written body.
        let template = try Self.call(Self.notifyBody).marshalled()
        let header = Array(template[..<(template.count - Self.notifyGolden.count)])
        let message = try DBusMessage(marshalled: header + Self.notifyGolden)
        #expect(message.body == Self.notifyBody)
        #expect(message.bodySignature == "susssasa{sv}i")
        let hints = try [String: DBusVariant](dbusValue: message.body[6])
        #expect(hints["urgency"]?.value == .byte(1))
        #expect(try [String](dbusValue: message.body[5]) == [])
    }

    @Test func everyBasicTypeRoundTrips() throws {
        let body: [DBusValue] = [
            .byte(255), .boolean(true), .int16(-2), .uint16(65535), .int32(-3), .uint32(4_000_000_000),
            .int64(-5_000_000_000), .uint64(18_000_000_000_000_000_000), .double(2.5), .string("héllo ✓"),
            .objectPath("/a/b"), .signature(try DBusSignature(parsing: "a{sv}")),
        ]
        let decoded = try DBusMessage(marshalled: Self.call(body).marshalled())
        #expect(decoded.body == body)
        #expect(decoded.bodySignature == "ybnqiuxtdsog")
    }

    @Test func truncatedBytesAreAnErrorNotACrash() throws {
        let bytes = try Self.call(Self.notifyBody).marshalled()
        #expect(throws: DBusError.self) { try DBusMessage(marshalled: Array(bytes.dropLast(3))) }
        #expect(throws: DBusError.self) { try DBusMessage(marshalled: [1, 2, 3]) }
    }
}
