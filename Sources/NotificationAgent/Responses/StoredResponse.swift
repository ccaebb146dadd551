import NotificationAgentClient

/// A ``ResponseRecord`` as `responses.journal` keeps it: what the app's response shows it (the
/// request's content, the action, the text, the activation token), without what only the server
/// needed to draw it (its hints, icon, timeout, progress).
struct StoredResponse: Codable, Equatable {
    var request: DeliveryRequest
    var deliveredAt: Double
    var action: String
    var text: String?
    var activationToken: String?

    init(_ response: ResponseRecord) {
        request = response.request
        request.hints = [:]
        request.appIcon = nil
        request.expireTimeout = nil
        request.progress = nil
        request.isTransient = false
        deliveredAt = response.deliveredAt
        action = response.actionIdentifier
        text = response.userText
        activationToken = response.activationToken
    }

    /// The response of `app` it keeps.
    func record(app: String) -> ResponseRecord {
        ResponseRecord(
            app: app, request: request, deliveredAt: deliveredAt, actionIdentifier: action, userText: text,
            activationToken: activationToken)
    }
}
