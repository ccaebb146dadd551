import Foundation
import TestSupport
import Testing

/// The test distributor's log is read by tests that look for `"member": "Unregister"`: each line
/// is what Python's `json.dumps(entry, sort_keys=True)` writes.
struct JSONLinesLogTests {
    @Test func aLineIsWrittenAsPythonsJSONDumpsWithSortedKeys() throws {
        let entry: [String: JSONLinesLog.Value] = [
            "member": .string("Register"), "length": .int(12), "ttl": .null,
            "args": .object(["token": "t\"1\u{E9}\n", "service": "org.example.A"]),
        ]
        #expect(
            JSONLinesLog.encode(entry)
                == #"{"args": {"service": "org.example.A", "token": "t\"1\u00e9\n"}, "length": 12, "member": "Register", "ttl": null}"#
        )
    }

    @Test func linesAreAppendedToWhatTheFileHad() throws {
        let directory = try TemporaryDirectory("unotify-jsonl")
        let file = directory.url.appendingPathComponent("log.jsonl")
        try Data("first\n".utf8).write(to: file)
        let one = try JSONLinesLog(file)
        let two = try JSONLinesLog(file)
        one.write(["n": .int(1)])
        two.write(["n": .int(2)])
        one.write(["n": .int(3)])
        #expect(try String(contentsOf: file, encoding: .utf8) == "first\n{\"n\": 1}\n{\"n\": 2}\n{\"n\": 3}\n")
    }
}
