/// What identifies a pending notification: the app that added it and the request's identifier.
/// Adding a notification with the key of a pending one replaces it.
package struct PendingKey: Hashable, Sendable, CustomStringConvertible {
    /// The app's identifier.
    package var app: String
    /// The request's identifier, unique within the app.
    package var identifier: String

    /// The key of `app`'s request `identifier`.
    package init(app: String, identifier: String) {
        self.app = app
        self.identifier = identifier
    }

    /// `app/identifier`, for messages.
    package var description: String { "\(app)/\(identifier)" }
}
