import Foundation
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// `userInfo` and push payloads cross the agent as JSON: every number must come back as it went.
@Suite struct UserInfoNumberTests {
    static func seededDoubles(_ count: Int) -> [Double] {
        var random = SeededRandom(seed: 11)
        return (0..<count).map { _ in Double.random(in: -1e9..<1e9, using: &random) }
    }

    /// Before: `JSONSerialization` on Linux read about half of these one bit off.
    @Test func doublesInUserInfoSurviveTheTripThroughTheAgent() throws {
        let doubles = Self.seededDoubles(200)
        let content = UNMutableNotificationContent()
        content.userInfo = [
            "values": doubles, "nested": ["pi": Double.pi, "list": [0.1, 1e-300, 1.7976931348623157e308]],
        ]
        let request = UNNotificationRequest(identifier: "n", content: content, trigger: nil)
        let back = UNNotificationRequest(DeliveryRequest(request)).content.userInfo
        let values = try #require(back["values"] as? [Double])
        let changed = zip(doubles, values).filter { $0 != $1 }.count
        #expect(values.count == doubles.count)
        #expect(changed == 0, "\(changed) of \(doubles.count) doubles came back changed")
        let nested = try #require(back["nested"] as? [String: Any])
        #expect(nested["pi"] as? Double == Double.pi)
        #expect(nested["list"] as? [Double] == [0.1, 1e-300, 1.7976931348623157e308])
    }

    @Test func otherValuesKeepTheirTypes() throws {
        let content = UNMutableNotificationContent()
        content.userInfo = [
            "int": 42, "big": Int64.max, "negative": -7, "flag": true, "off": false, "text": "1.5",
            "none": NSNull(), "half": 0.5,
        ]
        let request = UNNotificationRequest(identifier: "n", content: content, trigger: nil)
        let back = UNNotificationRequest(DeliveryRequest(request)).content.userInfo
        #expect(back["int"] as? Int == 42)
        #expect(back["big"] as? Int64 == Int64.max)
        #expect(back["negative"] as? Int == -7)
        #expect(back["flag"] as? Bool == true)
        #expect(back["off"] as? Bool == false)
        #expect(back["text"] as? String == "1.5")
        #expect(back["none"] is NSNull)
        #expect(back["half"] as? Double == 0.5)
    }

    @Test func doublesInAPushPayloadReachUserInfoExactly() throws {
        let doubles = Self.seededDoubles(100)
        let list = doubles.map { "\($0)" }.joined(separator: ",")
        let payload = try APNsPayload(json: Data(#"{"aps": {"alert": "hi"}, "values": [\#(list)]}"#.utf8))
        let back = UNNotificationRequest(payload.deliveryRequest(identifier: "p", strings: AppStringsTable())).content
            .userInfo
        let values = try #require(back["values"] as? [Double])
        let changed = zip(doubles, values).filter { $0 != $1 }.count
        #expect(values.count == doubles.count)
        #expect(changed == 0, "\(changed) of \(doubles.count) doubles came back changed")
    }
}
