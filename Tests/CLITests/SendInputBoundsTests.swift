import Foundation
import Testing
import TestSupport

/// `unotify send` refuses input out of bounds at the door, with exit status 1 and a clear,
/// printable message, before anything reaches the agent or the server.
@Suite(.timeLimit(.minutes(1))) struct SendInputBoundsTests {
    typealias Session = ScheduleProcessTests.Session

    /// Whether `text` holds a control character other than the final newline.
    static func hasRawControl(_ text: String) -> Bool {
        text.dropLast(text.hasSuffix("\n") ? 1 : 0).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    @Test(arguments: [
        ["--in", "999999999999999d"], ["--every", "1e300s"], ["--in", "101y"],
        ["--at", "9999-12-31 23:59"], ["--in", "36600d"],
    ])
    func aScheduleTooFarIsRefused(schedule: [String]) async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.example.Tea", "allow"]).status == 0)
        let sent = try await session.unotify(["send", "--app", "org.example.Tea"] + schedule + ["Tea", "b"])
        #expect(sent.status == 1, "\(schedule): \(sent)")
        #expect(sent.stderr.contains("too far") || sent.stderr.contains("takes a duration"), "\(sent.stderr)")
        let pending = try await session.unotify(["pending", "--app", "org.example.Tea"])
        #expect(pending.status == 0 && pending.stdout == "", "\(pending)")
    }

    @Test func aNULInTheBodyWithAppIsABadArgument() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.example.Tea", "allow"]).status == 0)
        let plain = try await session.unotify(["send", "Tea", "a\\000b"])
        let viaApp = try await session.unotify(["send", "--app", "org.example.Tea", "Tea", "a\\000b"])
        #expect(plain.status == 1)
        #expect(viaApp.status == 1, "\(viaApp)")
        #expect(viaApp.stderr.contains("NUL"), "\(viaApp.stderr)")
        #expect(!Self.hasRawControl(viaApp.stderr), "\(viaApp.stderr.debugDescription)")
    }

    @Test func deeplyNestedHintVariantIsRefusedNotACrash() async throws {
        let session = try await Session()
        let deep = "variant:x:" + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        for app in [[], ["--app", "org.example.Tea"]] {
            let sent = try await session.unotify(["send"] + app + ["-h", deep, "Tea"])
            #expect(sent.status == 1, "\(app): \(sent.status) \(sent.stderr.prefix(300))")
            #expect(sent.stderr.contains("nest"), "\(sent.stderr.prefix(300))")
            #expect(sent.stderr.utf8.count < 400)
        }
    }
}

extension SendInputBoundsTests {
    /// libdbus aborts on a signature value deeper than it allows: refused before it gets there.
    @Test func aDeepSignatureHintIsRefusedNotAnAbort() async throws {
        let session = try await Session()
        let deep = "variant:x:signature '" + String(repeating: "a", count: 40) + "i'"
        let sent = try await session.unotify(["send", "-h", deep, "Tea"])
        #expect(sent.status == 1, "\(sent.status) \(sent.stderr.prefix(300))")
    }
}
