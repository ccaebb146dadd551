/// Which of the agent's own popups the authorization machine is waiting on.
package enum PopupKind: Hashable, Sendable, CaseIterable {
    /// Titled with the app's name, asking "“App” would like to send you notifications.": *Allow* /
    /// *Don't Allow*.
    case permission
    /// After *Keep…* on a provisional notification: *Deliver Prominently* / *Deliver Quietly*.
    case keepFollowUp
    /// After *Turn Off…* on a provisional notification: *Turn Off All Notifications* / *Cancel*.
    case turnOffConfirmation

    /// The action keys the popup offers, in display order (the accepting action first). Only
    /// these keys, on this kind of popup, change anything.
    package var actionKeys: [String] {
        switch self {
        case .permission: [AuthorizationActionKey.allow, AuthorizationActionKey.deny]
        case .keepFollowUp: [AuthorizationActionKey.prominent, AuthorizationActionKey.quiet]
        case .turnOffConfirmation: [AuthorizationActionKey.turnOffAll, AuthorizationActionKey.cancel]
        }
    }
}
