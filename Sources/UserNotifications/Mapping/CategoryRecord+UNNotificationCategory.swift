import Foundation

/// Apple's categories ↔ the agent's `CategoryRecord`: the one place this translation happens.
extension CategoryRecord {
    private static let actionOptionNames: [(UNNotificationActionOptions, String)] = [
        (.authenticationRequired, "authenticationRequired"), (.destructive, "destructive"), (.foreground, "foreground"),
    ]
    private static let categoryOptionNames: [(UNNotificationCategoryOptions, String)] = [
        (.customDismissAction, "customDismissAction"), (.allowInCarPlay, "allowInCarPlay"),
        (.hiddenPreviewsShowTitle, "hiddenPreviewsShowTitle"),
        (.hiddenPreviewsShowSubtitle, "hiddenPreviewsShowSubtitle"),
        (.allowAnnouncement, "allowAnnouncement"),
    ]

    package init(_ category: UNNotificationCategory) {
        self.init(
            identifier: category.identifier,
            actions: category.actions.map { action in
                let textInput = (action as? UNTextInputNotificationAction).map {
                    Action.TextInput(buttonTitle: $0.textInputButtonTitle, placeholder: $0.textInputPlaceholder)
                }
                return Action(
                    identifier: action.identifier, title: action.title,
                    options: Self.actionOptionNames.filter { action.options.contains($0.0) }.map(\.1),
                    textInput: textInput)
            },
            options: Self.categoryOptionNames.filter { category.options.contains($0.0) }.map(\.1))
    }

    package var category: UNNotificationCategory {
        let actions: [UNNotificationAction] = self.actions.map { action in
            let options = UNNotificationActionOptions(
                Self.actionOptionNames.filter { action.options.contains($0.1) }.map(\.0))
            if let textInput = action.textInput {
                return UNTextInputNotificationAction(
                    identifier: action.identifier, title: action.title, options: options,
                    textInputButtonTitle: textInput.buttonTitle, textInputPlaceholder: textInput.placeholder)
            }
            return UNNotificationAction(identifier: action.identifier, title: action.title, options: options)
        }
        return UNNotificationCategory(
            identifier: identifier, actions: actions, intentIdentifiers: [],
            options: UNNotificationCategoryOptions(Self.categoryOptionNames.filter { options.contains($0.1) }.map(\.0)))
    }
}

extension UNNotificationResponse {
    /// The agent's response record as Apple's response (a text response when there is text).
    package static func make(_ record: ResponseRecord) -> UNNotificationResponse {
        let notification = UNNotification(
            request: UNNotificationRequest(record.request), date: Date(timeIntervalSince1970: record.deliveredAt))
        if let text = record.userText {
            return UNTextInputNotificationResponse(
                notification: notification, actionIdentifier: record.actionIdentifier, userText: text)
        }
        return UNNotificationResponse(notification: notification, actionIdentifier: record.actionIdentifier)
    }
}
