import Foundation

/// The base class of a notification service extension, which changes a remote notification's
/// content before it is shown (to decrypt it, or to download an attachment).
///
/// On Linux there are no app extensions: the system never creates one, and a pushed payload
/// (`unotify push`) is shown as it is. The class exists so that code shared with an Apple
/// extension target compiles; an app can call ``didReceive(_:withContentHandler:)`` itself.
open class UNNotificationServiceExtension: NSObject {
    /// Creates the extension.
    public override init() {
        super.init()
    }

    /// Changes the request's content and passes it to `contentHandler`; by default, passes the
    /// content unchanged.
    open func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        contentHandler(request.content)
    }

    /// Called when time runs out, to deliver the best content so far; by default, does nothing.
    open func serviceExtensionTimeWillExpire() {}
}
