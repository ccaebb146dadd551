import Foundation

/// The agent's remote-notification state (`NotificationAgent+Push.swift`): the subscriptions
/// of `push.json`, the distributor in use, the recent message ids (kept in `push-seen.journal`),
/// the messages waiting for `push.json` to be readable (``WaitingPushTable``) and the counts.
struct AgentPush {
    let file: DocumentFile<PushSubscriptionsFile>
    /// The messages taken while `file` could not be read, in the store.
    let waiting: WaitingPushTable
    /// Watches `push.json` while messages wait for it to be readable.
    var waitingWatch: FileNameWatch?
    /// The last delivery of the waiting messages begun: the next one begins after it, and a
    /// message that comes meanwhile waits for it (the older messages first).
    var waitingDelivery: Task<Void, Never>?
    /// Whether messages may wait in the store: until the agent has found it empty
    /// (a previous agent may have left some), and after a message was kept.
    var mayHaveWaiting = true
    /// Whether a `NewEndpoint` or `Unregistered` was refused for an unreadable `push.json`: once
    /// it can be read, every subscription is registered again, so that the distributor sends
    /// its current endpoint.
    var registerAgainWhenReadable = false
    /// Whether a waiting message dropped for the bounds was logged yet (the first is, whatever
    /// the throttle).
    var waitingDropSaid = false
    /// The document, read on first use.
    var document: PushSubscriptionsFile?
    /// The distributor registered with last, or nil.
    var distributor: String?
    /// The recent messages' keys (``SeenPushJournal/key(token:id:)``), and their journal.
    var recent: RecentMessageIDs
    var seen: SeenPushJournal
    var counts = PushCounts()
    /// Tokens the agent is unregistering itself: their `Unregistered` is the confirmation.
    var unregistering: Set<String> = []
    /// How many push log lines a flood may print.
    var logThrottle = PushLogThrottle()
    /// Whether a flush of the lines left out is waiting for the window's end.
    var logFlushScheduled = false
    /// The task that follows distributors appearing and leaving.
    var watch: Task<Void, Never>?

    init(directory: URL) {
        file = DocumentFile(directory: directory, prettyPrinted: true)
        waiting = WaitingPushTable(directory: directory)
        seen = SeenPushJournal(directory: directory)
        recent = seen.load(capacity: RecentMessageIDs.defaultCapacity)
    }

    /// The app and subscription that `token` belongs to.
    func app(for token: String) -> (app: String, subscription: PushSubscription)? {
        guard let match = document?.apps.first(where: { $0.value.token == token }) else { return nil }
        return (match.key, match.value)
    }
}
