/// A push message the agent took from its distributor while `push.json` could not be read: kept
/// in the store (``WaitingPushTable``) as it came, to be delivered once the subscriptions can be read.
struct WaitingPushMessage: Codable, Equatable, Sendable {
    /// The connection token the distributor gave the message with.
    var token: String
    /// The distributor's message id, empty when it gave none.
    var id: String
    /// The encrypted body, base64url.
    var body: String
    /// The distributor names (`org.unifiedpush.Distributor.*`) the sender owned when the message
    /// came: the token's distributor must be among them (who may call the connector).
    var distributors: [String]

    /// The body's bytes; nil when it is no base64url.
    var bytes: [UInt8]? { Base64URL.decode(body).map { Array($0) } }
}
