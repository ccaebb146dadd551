import Foundation
import DBus
import Testing

/// Image data as the notification spec defines it: `(iiibiiay)`.
struct RawImage: DBusRepresentable, Equatable {
    var width: Int32, height: Int32, rowStride: Int32, hasAlpha: Bool, bitsPerSample: Int32, channels: Int32
    var pixels: [UInt8]

    static var dbusSignature: DBusSignature {
        .structure([.int32, .int32, .int32, .boolean, .int32, .int32, .array(.byte)])
    }
    var dbusValue: DBusValue {
        .structure([
            .int32(width), .int32(height), .int32(rowStride), .boolean(hasAlpha), .int32(bitsPerSample),
            .int32(channels), pixels.dbusValue,
        ])
    }
    init(
        width: Int32, height: Int32, rowStride: Int32, hasAlpha: Bool, bitsPerSample: Int32, channels: Int32,
        pixels: [UInt8]
    ) {
        (self.width, self.height, self.rowStride, self.hasAlpha) = (width, height, rowStride, hasAlpha)
        (self.bitsPerSample, self.channels, self.pixels) = (bitsPerSample, channels, pixels)
    }
    init(dbusValue: DBusValue) throws {
        guard case .structure(let f) = dbusValue, f.count == 7 else { throw DBusError(.unexpectedType, "not an image") }
        self.init(
            width: try f[0].decode(), height: try f[1].decode(), rowStride: try f[2].decode(),
            hasAlpha: try f[3].decode(), bitsPerSample: try f[4].decode(), channels: try f[5].decode(),
            pixels: try f[6].decode())
    }
}

@Suite struct TypedValueTests {
    static func roundTrip(_ body: [DBusValue]) throws -> [DBusValue] {
        let message = DBusMessage.signal(path: "/t", interface: "org.example.T", member: "S", body: body)
        return try DBusMessage(marshalled: message.marshalled()).body
    }

    @Test func signaturesComeFromTypes() {
        #expect([String].dbusSignature.description == "as")
        #expect([String: DBusVariant].dbusSignature.description == "a{sv}")
        #expect(RawImage.dbusSignature.description == "(iiibiiay)")
        #expect([[UInt32: [String]]].dbusSignature.description == "aa{uas}")
        #expect([String]().dbusValue.signature.description == "as")
    }

    @Test(arguments: ["s", "a{sv}", "(iiibiiay)", "aa{uas}", "a(sa{sv})", "v", "h"])
    func signatureTextRoundTrips(_ text: String) throws {
        #expect(try DBusSignature(parsing: text).description == text)
    }

    @Test(arguments: ["", "a", "a{vs}", "()", "(i", "z", "a{s}", "ii", "a{sv"])
    func invalidSignaturesThrow(_ text: String) {
        #expect(throws: DBusError.self) { try DBusSignature(parsing: text) }
    }

    @Test func imageStructRoundTrips() throws {
        let image = RawImage(
            width: 2, height: 1, rowStride: 8, hasAlpha: true, bitsPerSample: 8, channels: 4,
            pixels: [255, 0, 0, 255, 0, 255, 0, 128])
        let body = try Self.roundTrip([image.dbusValue])
        #expect(try RawImage(dbusValue: body[0]) == image)
    }

    @Test func nestedContainersAndVariantsRoundTrip() throws {
        let nested: [String: DBusVariant] = [
            "list": DBusVariant(["a", "b"]),
            "map": DBusVariant([UInt32(1): ["x"]]),
            "nested": DBusVariant(.variant(.int64(-9))),
            "empty": DBusVariant([[String: DBusVariant]]()),
        ]
        let body = try Self.roundTrip([nested.dbusValue])
        #expect(try [String: DBusVariant](dbusValue: body[0]) == nested)
    }

    @Test func mismatchedContainerIsAnErrorBeforeLibdbusSeesIt() {
        let bad = DBusValue.array(element: .string, [.string("a"), .int32(1)])
        #expect(throws: DBusError.self) { try Self.roundTrip([bad]) }
        #expect(throws: DBusError.self) { try Self.roundTrip([.string("nul\u{0}inside")]) }
    }

    @Test func decodingTheWrongTypeThrows() {
        #expect(throws: DBusError.self) { try String(dbusValue: .uint32(1)) }
        #expect(throws: DBusError.self) { try [String](dbusValue: [UInt32(1)].dbusValue) }
    }

    @Test(arguments: ["", "foo", "/a//b", "/trailing/", "/has-dash"])
    func invalidObjectPathsThrowInsteadOfAborting(_ text: String) {
        #expect(throws: DBusError.self) { try ObjectPath(validating: text) }
    }

    /// "␀" stands for a NUL byte: Swift Testing writes a test case's argument up to a NUL and
    /// drops the rest of the line, newline included, so the next line of the log joined it.
    @Test(arguments: ["", "nodots", "org..x", "1org.x", "org.x␀"])
    func invalidBusNamesThrow(_ argument: String) {
        let text = argument.replacingOccurrences(of: "␀", with: "\u{0}")
        #expect(throws: DBusError.self) { try BusName(validating: text) }
    }

    @Test func validNamesAreAccepted() throws {
        #expect(try BusName(validating: ":1.42").rawValue == ":1.42")
        #expect(try BusName(validating: "org.freedesktop.Notifications").description == "org.freedesktop.Notifications")
        #expect(try MemberName(validating: "Notify").rawValue == "Notify")
        #expect(
            try InterfaceName(validating: "org.freedesktop.Notifications").rawValue == "org.freedesktop.Notifications")
        #expect(throws: DBusError.self) { try MemberName(validating: "not.a.member") }
    }

    @Test func matchRuleTextIsEscaped() {
        let rule = MatchRule(interface: "org.example.I", arg0: "it's")
        #expect(rule.description == "type='signal',interface='org.example.I',arg0='it'\\''s'")
    }
}
