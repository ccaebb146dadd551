import Foundation
import Testing
import UserNotifications
@testable import NotificationAgent

/// The stored form of `DeliveryRequest`, and the pending record's JSON.
@Suite(.timeLimit(.minutes(1))) struct ScheduleContentTests {
    /// Requests covering every field and every sound and interruption level.
    static let requests: [DeliveryRequest] = [
        DeliveryRequest(identifier: "minimal"),
        DeliveryRequest(
            identifier: "full", title: "Title", subtitle: "Subtitle", body: "Body\nwith lines & <markup>",
            sound: .named("message-new-instant"), badge: 7, categoryIdentifier: "reply", threadIdentifier: "chat-42",
            interruptionLevel: .timeSensitive, imagePath: "/tmp/picture.png"),
        DeliveryRequest(identifier: "default-sound", body: "b", sound: .default, interruptionLevel: .passive),
        DeliveryRequest(
            identifier: "critical", title: "t", sound: .critical(name: nil, volume: 1), interruptionLevel: .critical),
        DeliveryRequest(
            identifier: "critical-named", title: "t", sound: .critical(name: "alarm.oga", volume: 0.1 + 0.2)),
        DeliveryRequest(identifier: "badge-zero", badge: 0),
        DeliveryRequest(identifier: "badge-negative", badge: -3),
        DeliveryRequest(identifier: "unicode 日本語 🎉", title: "Café ☕", subtitle: "\u{0}nul", body: "e\u{301}"),
        DeliveryRequest(identifier: "empty-image", title: "t", imagePath: ""),
        {
            var request = DeliveryRequest(identifier: "app-data", title: "t")
            request.userInfoJSON = #"{"order":42,"room":"kitchen"}"#
            request.progress = 40
            request.isPush = true
            request.appIcon = "mail-unread"
            request.expireTimeout = 0
            request.isTransient = true
            return request
        }(),
    ]

    @Test(arguments: requests) func theStoredFormIsLossless(_ request: DeliveryRequest) throws {
        #expect(try JSONDecoder().decode(DeliveryRequest.self, from: JSONEncoder().encode(request)) == request)
    }

    @Test(arguments: requests) func pendingRoundTripsThroughJSON(_ request: DeliveryRequest) throws {
        let pending = PendingNotification(
            app: "org.example.App", request: request, trigger: .timeInterval(seconds: 90, repeats: false),
            anchor: 1_750_000_000.123_456_7, nextFireDate: 1_750_000_090.123_456_7)
        let decoded = try JSONDecoder().decode(PendingNotification.self, from: JSONEncoder().encode(pending))
        #expect(decoded == pending)
        #expect(decoded.request == request)
        #expect(decoded.fireDate == Date(timeIntervalSince1970: 1_750_000_090.123_456_7))
    }

    @Test func jsonShape() throws {
        let pending = PendingNotification(
            app: "a", request: DeliveryRequest(identifier: "i", title: "T", sound: .critical(name: nil, volume: 0.5)),
            trigger: .calendar(components: CalendarMatch(hour: 8, minute: 30), repeats: true), anchor: 10.5,
            nextFireDate: 20.25)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(pending), as: UTF8.self)
        #expect(
            text
                == #"{"anchor":10.5,"app":"a","content":{"body":"","category":"","identifier":"i","interruptionLevel":1,"#
                + #""sound":{"kind":"critical","volume":0.5},"subtitle":"","thread":"","title":"T"},"nextFireDate":20.25,"#
                + #""trigger":{"calendar":{"components":{"hour":8,"minute":30},"repeats":true}}}"#)
    }

    @Test func decodingRejectsUnknownValues() throws {
        let badLevel = #"{"identifier":"i","interruptionLevel":7}"#
        let badSound = #"{"identifier":"i","sound":{"kind":"loud"}}"#
        let namedWithoutName = #"{"identifier":"i","sound":{"kind":"named"}}"#
        for json in [badLevel, badSound, namedWithoutName] {
            #expect(throws: DecodingError.self, "\(json)") {
                try JSONDecoder().decode(DeliveryRequest.self, from: Data(json.utf8))
            }
        }
        let sparse = try JSONDecoder().decode(DeliveryRequest.self, from: Data(#"{"identifier":"i"}"#.utf8))
        #expect(sparse == DeliveryRequest(identifier: "i"))
    }

    @Test func keyAndDates() {
        let pending = ScheduleFixtures.pending(
            "org.example.App", "x", fireDate: 2_000_000_000.5, anchor: 1_999_999_000.25)
        #expect(pending.key == PendingKey(app: "org.example.App", identifier: "x"))
        #expect(pending.key.description == "org.example.App/x")
        #expect(pending.fireDate.timeIntervalSince1970 == 2_000_000_000.5)
        #expect(pending.anchorDate.timeIntervalSince1970 == 1_999_999_000.25)
    }
}
