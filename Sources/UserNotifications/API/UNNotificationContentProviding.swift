import Foundation

/// An object that provides content for a communication notification, such as Apple's
/// `INSendMessageIntent`, for ``UNNotificationContent/updating(from:)``.
///
/// On Linux there is no Intents framework, so no type of this package or of the system conforms
/// to it; the protocol exists so that code written for Apple platforms compiles, and
/// ``UNNotificationContent/updating(from:)`` refuses what it is given.
public protocol UNNotificationContentProviding: NSObjectProtocol {}
