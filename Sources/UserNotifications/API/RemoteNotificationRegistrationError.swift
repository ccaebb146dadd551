import Foundation

/// Why registering for remote notifications failed: what Apple hands to
/// `application(_:didFailToRegisterForRemoteNotificationsWithError:)`.
///
/// On Linux: Apple reports an `NSError` from APNs; here the reason comes from the UnifiedPush
/// side, with a message that says what to do (for example, start a distributor).
public struct RemoteNotificationRegistrationError: Error, LocalizedError, Sendable, Equatable {
    /// What went wrong.
    public enum Code: Sendable, Equatable {
        /// No UnifiedPush distributor is on the session bus, or it refused the registration.
        case noDistributor
        /// The notification agent could not be reached or failed.
        case unavailable
        /// The application server key given is no VAPID public key (an uncompressed P-256 point,
        /// 65 bytes).
        case invalidServerKey
    }

    /// What went wrong.
    public let code: Code
    /// The reason, in words.
    public let message: String

    /// An error of `code` saying `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The reason, in words (``message``).
    public var errorDescription: String? { message }
}
