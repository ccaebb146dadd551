import DBus
import FreedesktopNotifications
import Testing

@Suite struct HintArgumentTests {
    @Test(arguments: [
        ("string:x-foo:bar", "x-foo", DBusValue.string("bar")),
        ("string:x-foo:a:b:c", "x-foo", .string("a:b:c")),
        ("int:value:42", "value", .int32(42)),
        ("INT:value:-7", "value", .int32(-7)),
        ("double:scale:2.5", "scale", .double(2.5)),
        ("byte:urgency:2", "urgency", .byte(2)),
        ("boolean:transient:true", "transient", .boolean(true)),
        ("boolean:transient:0", "transient", .boolean(false)),
        // What notify-send makes of a number followed by other text, or of another word.
        ("int:value:45%", "value", .int32(45)),
        ("double:scale:1.5s", "scale", .double(1.5)),
        ("byte:urgency:2x", "urgency", .byte(2)),
        ("boolean:transient:yes", "transient", .boolean(false)),
        ("boolean:transient:2", "transient", .boolean(true)),
        ("variant:x:uint32 5", "x", .uint32(5)),
        ("variant:x:['a', 'b']", "x", .array(element: .string, [.string("a"), .string("b")])),
        ("variant:x:<int64 -1>", "x", .variant(.int64(-1))),
        (
            "variant:x:{'k': <true>}", "x",
            .dictionary(
                key: .string, value: .variant, [DBusDictionaryEntry(key: .string("k"), value: .variant(.boolean(true)))]
            )
        ),
    ])
    func parses(_ text: String, _ key: String, _ value: DBusValue) throws {
        let hint = try HintArgument(parsing: text)
        #expect(hint.key == key)
        #expect(hint.value == value)
    }

    @Test(arguments: [
        ("int:value", "Invalid hint syntax specified. Use TYPE:NAME:VALUE."),
        (
            "float:value:1",
            "Invalid hint type \"float\". Valid types are boolean, int, double, string, byte and variant."
        ),
        ("int:value:abc", "Value \"abc\" of hint \"value\" could not be parsed as type \"int\"."),
        ("byte:urgency:300", "Value \"300\" of hint \"urgency\" could not be parsed as type \"byte\"."),
        ("byte:urgency:-1", "Value \"-1\" of hint \"urgency\" could not be parsed as type \"byte\"."),
        ("double:scale:abc", "Value \"abc\" of hint \"scale\" could not be parsed as type \"double\"."),
        ("variant:x:[", "Value \"[\" of hint \"x\" could not be parsed as type \"variant\"."),
    ])
    func rejectsWithNotifySendsMessage(_ text: String, _ message: String) {
        let error = #expect(throws: HintArgumentError.self) { try HintArgument(parsing: text) }
        #expect(error?.description == message)
    }
}
