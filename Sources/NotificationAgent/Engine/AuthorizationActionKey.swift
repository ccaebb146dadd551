/// The action keys of the popups the authorization machine asks for, and of the provisional
/// *Keep* / *Turn Off* actions on delivered notifications: defined once, here.
///
/// A click with any other key changes nothing (`AuthorizationMachine`).
package enum AuthorizationActionKey {
    /// Permission prompt: *Allow*.
    package static let allow = "allow"
    /// Permission prompt: *Don't Allow*.
    package static let deny = "deny"
    /// Keep follow-up: *Deliver Prominently*.
    package static let prominent = "prominent"
    /// Keep follow-up: *Deliver Quietly*.
    package static let quiet = "quiet"
    /// Turn Off confirmation: *Turn Off All Notifications*.
    package static let turnOffAll = "turn-off-all"
    /// Turn Off confirmation: *Cancel*.
    package static let cancel = "cancel"
    /// *Keep…* on a notification delivered provisionally. Prefixed, because it shares the
    /// action namespace with the app's own category actions (same value as
    /// `PresentationMapping.keepActionKey`).
    package static let keep = "unotify-keep"
    /// *Turn Off…* on a notification delivered provisionally (same value as
    /// `PresentationMapping.turnOffActionKey`).
    package static let turnOff = "unotify-turn-off"
}
