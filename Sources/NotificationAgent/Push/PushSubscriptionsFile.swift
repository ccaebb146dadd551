/// The document `push.json` holds (0600, like every state file, since it has private keys):
/// `{"version": 1, "apps": {id: subscription}}`.
struct PushSubscriptionsFile: StoredDocument, Equatable {
    static let currentVersion = 1
    static let fileName = "push.json"
    static let kind = StoredDocumentKind.push
    static let empty = PushSubscriptionsFile()

    var version = currentVersion
    /// Each registered app's subscription.
    var apps: [String: PushSubscription] = [:]
}
