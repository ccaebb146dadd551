import Foundation

/// The agent's remote-notification state (`NotificationAgent+Push.swift`): the subscriptions
/// of `push.json`, the distributor in use, the recent message ids and the counts.
struct AgentPush {
    let file: DocumentFile<PushSubscriptionsFile>
    /// The document, read on first use.
    var document: PushSubscriptionsFile?
    /// The distributor registered with last, or nil.
    var distributor: String?
    var recent = RecentMessageIDs()
    var counts = PushCounts()
    /// Tokens the agent is unregistering itself: their `Unregistered` is the confirmation.
    var unregistering: Set<String> = []
    /// The task that follows distributors appearing and leaving.
    var watch: Task<Void, Never>?

    init(directory: URL) {
        file = DocumentFile(directory: directory, prettyPrinted: true)
    }

    /// The app and subscription that `token` belongs to.
    func app(for token: String) -> (app: String, subscription: PushSubscription)? {
        guard let match = document?.apps.first(where: { $0.value.token == token }) else { return nil }
        return (match.key, match.value)
    }
}
