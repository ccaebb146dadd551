import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
@testable import NotificationAgent

/// The delivered notifications in memory: found by identifier at once, bounded per app (the
/// oldest forgotten), and every change kept in order for the store.
@Suite struct DeliveredListTests {
    static func notification(_ identifier: String, app: String = "org.example.Tea", at seconds: Double = 0)
        -> DeliveredNotification
    {
        DeliveredNotification(
            app: app, request: DeliveryRequest(identifier: identifier, title: identifier),
            date: Date(timeIntervalSince1970: seconds), shown: NotifyRequest(summary: identifier))
    }

    static func id(_ number: Int, owner: String = ":1.1") -> OwnedNotificationID {
        OwnedNotificationID(owner: owner, id: ServerNotificationID(rawValue: UInt32(number)))
    }

    @Test func anAppKeepsAtMostItsBoundAndTheOldestIsForgottenFirst() {
        var list = DeliveredList()
        let bound = DeliveredList.maximumPerApp
        for number in 1...bound {
            #expect(list.add(Self.notification("n\(number)", at: Double(number)), at: Self.id(number)).isEmpty)
        }
        _ = list.add(Self.notification("other", app: "org.example.Other"), at: Self.id(99_999))
        let forgotten = list.add(Self.notification("newest", at: 1e6), at: Self.id(bound + 1))
        #expect(forgotten.map(\.request.identifier) == ["n1"])
        #expect(list.delivered(app: "org.example.Tea").count == bound)
        #expect(list.delivered(app: "org.example.Tea").first?.notification.request.identifier == "n2")
        #expect(list.delivered(app: "org.example.Other").count == 1, "another app's are not counted")
        #expect(list.id(app: "org.example.Tea", identifier: "n1") == nil)
        #expect(list.id(app: "org.example.Tea", identifier: "newest") == Self.id(bound + 1))
    }

    @Test func aReplacementInPlaceIsNotTheOldestAnyMore() {
        var list = DeliveredList()
        for number in 1...DeliveredList.maximumPerApp {
            _ = list.add(Self.notification("n\(number)", at: Double(number)), at: Self.id(number))
        }
        // n1 is shown again under its id (a replacement in place): n2 is now the oldest.
        _ = list.add(Self.notification("n1", at: 1e6), at: Self.id(1))
        let forgotten = list.add(Self.notification("last", at: 2e6), at: Self.id(50_000))
        #expect(forgotten.map(\.request.identifier) == ["n2"])
        #expect(list.id(app: "org.example.Tea", identifier: "n1") == Self.id(1))
    }

    @Test func everyChangeIsKeptInOrderForTheStore() {
        var list = DeliveredList()
        _ = list.add(Self.notification("a"), at: Self.id(1))
        _ = list.add(Self.notification("b"), at: Self.id(2, owner: ":1.2"))
        _ = list.remove(Self.id(1))
        _ = list.forget(owner: ":1.2")
        let changes = list.takeChanges().map { change -> String in
            switch change {
            case .added(let notification, let id): "added \(notification.request.identifier) \(id.id.rawValue)"
            case .removed(let id): "removed \(id.id.rawValue)"
            case .forgotOwner(let owner): "forgot \(owner)"
            }
        }
        #expect(changes == ["added a 1", "added b 2", "removed 1", "forgot :1.2"])
        #expect(list.takeChanges().isEmpty)
        #expect(list.isEmpty)
    }
}
