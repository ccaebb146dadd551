/// The popup the authorization machine is waiting on for one app: asked for (an effect
/// returned, `id` still `nil`) or shown (the agent reported the server's id).
package struct PendingPopup: Hashable, Sendable {
    /// What the popup asks.
    package var kind: PopupKind
    /// The server's id once the agent reported it with `AuthorizationEvent.popupShown`.
    package var id: PopupID?

    /// A popup of `kind`, shown as `id` or (`nil`) still being shown.
    package init(kind: PopupKind, id: PopupID? = nil) {
        self.kind = kind
        self.id = id
    }
}
