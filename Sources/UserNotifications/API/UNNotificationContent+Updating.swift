import Foundation

extension UNNotificationContent {
    /// Returns a copy of the content updated from a communication provider, such as an
    /// `INSendMessageIntent` (the sender's name and picture, for a communication notification).
    ///
    /// On Linux there are no Intents, so no provider is understood: it throws ``UNError`` with
    /// `.contentProvidingObjectNotAllowed` and a message saying so. Keep the content as it is,
    /// or set the sender's name in the title and a picture as an image attachment yourself.
    public func updating(from provider: any UNNotificationContentProviding) throws -> UNNotificationContent {
        throw UNError(
            .contentProvidingObjectNotAllowed,
            "\(type(of: provider)) cannot update notification content on Linux: there are no Intents "
                + "(communication notifications); put the sender in the title and the picture in an attachment instead")
    }
}
