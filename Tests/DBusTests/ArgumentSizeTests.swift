import CDBus
import Glibc
import Testing
@testable import DBus

/// How a method's argument limit counts a body (`MessageBodyReader.measure`): each basic value
/// its size on the wire, each string its bytes, containers only what they hold, an array of
/// fixed-size values from its length; and the count stops once it is over the limit.
@Suite struct ArgumentSizeTests {
    /// Far above anything measured here: the whole body is counted.
    static let noLimit = 1 << 40

    /// The count of `body` in a libdbus message, as the connection measures a call.
    static func measured(_ body: [DBusValue], limit: Int = noLimit) throws -> Int {
        let message = try DBusMessage.signal(path: "/t", interface: "org.example.T", member: "S", body: body)
            .makeLibdbusMessage()
        defer { dbus_message_unref(message) }
        return MessageBodyReader.measure(message, stoppingAbove: limit)
    }

    @Test(arguments: [
        (DBusValue.byte(7), 1), (.boolean(true), 4), (.int16(-2), 2), (.uint16(2), 2), (.int32(-4), 4),
        (.uint32(4), 4), (.int64(-8), 8), (.uint64(8), 8), (.double(0.5), 8),
    ])
    func aFixedSizeValueCountsItsWireSize(value: DBusValue, bytes: Int) throws {
        #expect(try Self.measured([value]) == bytes)
        #expect(try Self.measured([value, value]) == 2 * bytes)
    }

    @Test func aStringPathOrSignatureCountsItsUTF8Bytes() throws {
        #expect(try Self.measured([.string("")]) == 0)
        #expect(try Self.measured([.string("héllo")]) == 6)
        #expect(try Self.measured([.objectPath("/org/a")]) == 6)
        #expect(try Self.measured([.signature(try DBusSignature(parsing: "a{sv}"))]) == 5)
    }

    /// The push body of the issue: 4 096 bytes count 4 096, not 32 768.
    @Test(arguments: [
        (DBusSignature.byte, DBusValue.byte(1), 1), (.boolean, .boolean(false), 4), (.int16, .int16(1), 2),
        (.uint16, .uint16(1), 2), (.int32, .int32(1), 4), (.uint32, .uint32(1), 4), (.int64, .int64(1), 8),
        (.uint64, .uint64(1), 8), (.double, .double(1), 8),
    ])
    func anArrayOfFixedSizeValuesCountsTheirWireSizes(element: DBusSignature, value: DBusValue, bytes: Int) throws {
        #expect(try Self.measured([.array(element: element, Array(repeating: value, count: 4_096))]) == 4_096 * bytes)
        #expect(try Self.measured([.array(element: element, [])]) == 0)
    }

    @Test func containersCountOnlyWhatTheyHold() throws {
        let dictionary: [String: DBusVariant] = [
            "token": DBusVariant("abc"), "message": DBusVariant([UInt8](repeating: 0, count: 100)),
        ]
        #expect(try Self.measured([dictionary.dbusValue]) == 5 + 3 + 7 + 100)
        // image-data, (iiibiiay): five int32, a boolean and the pixels.
        let image = DBusValue.structure([
            .int32(2), .int32(2), .int32(8), .boolean(true), .int32(8), .int32(4),
            .array(element: .byte, Array(repeating: .byte(0), count: 16)),
        ])
        #expect(try Self.measured([.variant(image)]) == 5 * 4 + 4 + 16)
        #expect(try Self.measured([.array(element: .string, [.string("ab"), .string("cde")])]) == 5)
        #expect(try Self.measured([]) == 0)
    }

    /// A unix fd counts 4, as on the wire (an index into the message's descriptors).
    @Test func aUnixFDCountsFour() throws {
        let message = try #require(dbus_message_new_signal("/t", "org.example.T", "S"))
        defer { dbus_message_unref(message) }
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        var descriptor: Int32 = STDERR_FILENO
        #expect(dbus_message_iter_append_basic(&iter, Int32(UInt8(ascii: "h")), &descriptor) != 0)
        #expect(MessageBodyReader.measure(message, stoppingAbove: Self.noLimit) == 4)
    }

    @Test func aBodyOfExactlyTheLimitIsNotOverItAndOneByteMoreIs() throws {
        let message = { (bytes: Int) in
            try DBusMessage.signal(
                path: "/t", interface: "org.example.T", member: "S",
                body: [.string("ab"), .array(element: .byte, Array(repeating: .byte(1), count: bytes - 2))]
            ).makeLibdbusMessage()
        }
        let atLimit = try message(4_096)
        let overLimit = try message(4_097)
        defer {
            dbus_message_unref(atLimit)
            dbus_message_unref(overLimit)
        }
        #expect(MessageBodyReader.measure(atLimit, stoppingAbove: 4_096) <= 4_096)
        #expect(MessageBodyReader.measure(overLimit, stoppingAbove: 4_096) > 4_096)
    }

    /// Ten megabytes of string are counted only one byte past the limit; a long array of
    /// strings stops at the element that goes over (4 + 4, then 3 of the third's 4 bytes).
    @Test func theCountStopsOnceItIsOver() throws {
        #expect(try Self.measured([.string(String(repeating: "x", count: 10_000_000))], limit: 100) == 101)
        let strings = DBusValue.array(element: .string, Array(repeating: .string("abcd"), count: 100_000))
        #expect(try Self.measured([strings], limit: 10) == 11)
        #expect(try Self.measured([.string("abc"), .uint64(1)], limit: 5) == 11)
    }
}
