import NotificationAgentClient

/// A ``ResponseRecord`` as `responses.json` keeps it.
struct StoredResponse: Codable, Equatable {
    var request: DeliveryRequest
    var deliveredAt: Double
    var action: String
    var text: String?
    var activationToken: String?

    init(_ response: ResponseRecord) {
        request = response.request
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
