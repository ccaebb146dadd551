import Foundation
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// `APNsPayload`: every key of an APNs payload read into a `DeliveryRequest`, and the errors
/// for malformed payloads.
@Suite struct PushPayloadTests {
    private func request(_ json: String, strings: AppStringsTable = AppStringsTable()) throws -> DeliveryRequest {
        try APNsPayload(json: Data(json.utf8)).deliveryRequest(identifier: "id", strings: strings)
    }

    private func problem(_ json: String) -> String? {
        do {
            _ = try APNsPayload(json: Data(json.utf8))
            return nil
        } catch let error as AgentError {
            #expect(error.code == .invalidArgument)
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func stringAlertIsTheBody() throws {
        var expected = DeliveryRequest(identifier: "id", body: "Hello")
        expected.isPush = true
        #expect(try request(#"{"aps": {"alert": "Hello"}}"#) == expected)
    }

    @Test func dictionaryAlertAndEveryOtherKey() throws {
        let payload = try APNsPayload(
            json: Data(
                #"""
                {"aps": {"alert": {"title": "T", "subtitle": "S", "body": "B"}, "badge": 7, "sound": "ping",
                         "thread-id": "th", "category": "cat", "target-content-id": "tc",
                         "interruption-level": "time-sensitive", "relevance-score": 0.25, "unknown-aps-key": true},
                 "Simulator Target Bundle": "org.example.App", "custom": {"a": 1}, "another": [1]}
                """#.utf8))
        var expected = DeliveryRequest(
            identifier: "id", title: "T", subtitle: "S", body: "B", sound: .named("ping"), badge: 7,
            categoryIdentifier: "cat", threadIdentifier: "th", interruptionLevel: .timeSensitive)
        expected.isPush = true
        expected.userInfoJSON = #"{"another":[1],"custom":{"a":1}}"#
        #expect(payload.deliveryRequest(identifier: "id", strings: AppStringsTable()) == expected)
        #expect(payload.targetBundle == "org.example.App")
        #expect(payload.targetContentIdentifier == "tc")
        #expect(payload.relevanceScore == 0.25)
        #expect(payload.customKeys == ["another", "custom"])
    }

    @Test func sounds() throws {
        #expect(try request(#"{"aps": {"sound": "default"}}"#).sound == .default)
        #expect(try request(#"{"aps": {"sound": "bell"}}"#).sound == .named("bell"))
        #expect(
            try request(#"{"aps": {"sound": {"critical": 1, "name": "alarm", "volume": 0.5}}}"#).sound
                == .critical(name: "alarm", volume: 0.5))
        #expect(
            try request(#"{"aps": {"sound": {"critical": 1, "name": "default"}}}"#).sound
                == .critical(name: nil, volume: 1))
        #expect(try request(#"{"aps": {"sound": {"name": "bell"}}}"#).sound == .named("bell"))
    }

    @Test func interruptionLevels() throws {
        for (word, level) in [
            ("passive", DeliveryRequest.InterruptionLevel.passive), ("active", .active),
            ("time-sensitive", .timeSensitive), ("critical", .critical),
        ] {
            #expect(
                try request(#"{"aps": {"alert": "x", "interruption-level": "\#(word)"}}"#).interruptionLevel == level)
        }
    }

    @Test func locKeysResolveInTheAppStrings() throws {
        let strings = AppStringsTable(
            entries: AppStringsTable.parse(
                #"""
                /* A comment */
                "INVITE" = "%@ invites you";
                // another
                "PLAY" = "%2$@ and %1$@ want to play \"chess\"";
                """#))
        let delivered = try request(
            #"""
            {"aps": {"alert": {"title-loc-key": "INVITE", "title-loc-args": ["Jenna"],
                               "subtitle-loc-key": "NOPE", "loc-key": "PLAY", "loc-args": ["Jenna", "Frank"]}}}
            """#, strings: strings)
        #expect(delivered.title == "Jenna invites you")
        #expect(delivered.subtitle == "NOPE")
        #expect(delivered.body == "Frank and Jenna want to play \"chess\"")
    }

    @Test func stringsFileIsFoundInDataHomeThenDataDirs() throws {
        let home = try TemporaryDirectory("push-data-home")
        let dirs = try TemporaryDirectory("push-data-dirs")
        let environment = ["XDG_DATA_HOME": home.path, "XDG_DATA_DIRS": dirs.path, "HOME": "/nonexistent"]
        let folder = dirs.path + "/unotify/apps/org.example.App"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(#""K" = "from dirs";"#.utf8).write(to: URL(fileURLWithPath: folder + "/Localizable.strings"))
        #expect(
            AppStringsTable.load(app: "org.example.App", environment: environment).value(forKey: "K") == "from dirs")
        let homeFolder = home.path + "/unotify/apps/org.example.App"
        try FileManager.default.createDirectory(atPath: homeFolder, withIntermediateDirectories: true)
        try Data(#""K" = "from home";"#.utf8).write(to: URL(fileURLWithPath: homeFolder + "/Localizable.strings"))
        #expect(
            AppStringsTable.load(app: "org.example.App", environment: environment).value(forKey: "K") == "from home")
        #expect(AppStringsTable.load(app: "org.example.Other", environment: environment).entries.isEmpty)
    }

    @Test func malformedPayloadsSayWhatIsWrong() {
        #expect(problem(#"{"aps": "#)?.contains("not valid JSON") == true)
        #expect(problem(#"[1]"#)?.contains("must be a JSON object") == true)
        #expect(problem(#"{"alert": "x"}"#)?.contains("no \"aps\"") == true)
        #expect(problem(#"{"aps": 3}"#)?.contains("\"aps\" must be a dictionary") == true)
        #expect(problem(#"{"aps": {"alert": 3}}"#)?.contains("aps.alert must be") == true)
        #expect(problem(#"{"aps": {"alert": {"title": 3}}}"#)?.contains("aps.alert.title must be a string") == true)
        #expect(problem(#"{"aps": {"alert": {"loc-args": "x"}}}"#)?.contains("aps.alert.loc-args must be") == true)
        #expect(problem(#"{"aps": {"alert": {"loc-args": [[1]]}}}"#)?.contains("aps.alert.loc-args[0]") == true)
        #expect(problem(#"{"aps": {"badge": "1"}}"#)?.contains("aps.badge") == true)
        #expect(problem(#"{"aps": {"badge": true}}"#)?.contains("aps.badge") == true)
        #expect(problem(#"{"aps": {"sound": 1}}"#)?.contains("aps.sound must be") == true)
        #expect(problem(#"{"aps": {"sound": {"volume": 2}}}"#)?.contains("aps.sound.volume") == true)
        #expect(problem(#"{"aps": {"thread-id": 1}}"#)?.contains("aps.thread-id must be a string") == true)
        #expect(problem(#"{"aps": {"interruption-level": "loud"}}"#)?.contains("aps.interruption-level") == true)
        #expect(problem(#"{"aps": {"relevance-score": "high"}}"#)?.contains("aps.relevance-score") == true)
        #expect(problem(#"{"aps": {}, "Simulator Target Bundle": 1}"#)?.contains("Simulator Target Bundle") == true)
    }

    @Test func generatedIdentifiersAreFreshHex() {
        let first = APNsPayload.generatedIdentifier()
        #expect(first.hasPrefix("push-") && first.count == 21)
        #expect(first != APNsPayload.generatedIdentifier())
    }
}
