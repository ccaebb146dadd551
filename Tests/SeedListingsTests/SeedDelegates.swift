import Foundation
import UserNotifications

/// A delegate as Apple-platform code wrote it before Swift 6: completion handlers without
/// `@Sendable`, an `NSObject` subclass. It must still be the one the center calls.
final class SeedClassicDelegate: NSObject, UNUserNotificationCenterDelegate {
    let events: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    override init() {
        (events, continuation) = AsyncStream.makeStream(of: String.self)
        super.init()
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        continuation.yield("willPresent \(notification.request.identifier)")
        completionHandler([.banner, .list, .sound])
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        continuation.yield("didReceive \(response.actionIdentifier)")
        completionHandler()
    }
}

/// A `@MainActor` app delegate as Swift 6 code on Apple platforms writes it: `nonisolated`
/// witnesses that hop to the main actor themselves.
@MainActor
final class SeedMainActorDelegate: NSObject, UNUserNotificationCenterDelegate {
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        await MainActor.run { [.banner] }
    }
}
