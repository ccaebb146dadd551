/// Which of the agent's files a ``StoreError`` is about, in the words its messages use.
package enum StoredDocumentKind: Hashable, Sendable {
    /// `settings.json`: every app's authorization and settings.
    case settings
    /// `pending.json`: the scheduled notifications.
    case pending
    /// `categories.json`: each app's notification categories.
    case categories
    /// `responses.journal` (earlier `responses.json`): the user's responses waiting for their app to listen.
    case responses
    /// `push.json`: each app's remote-notification subscription and its keys.
    case push
    /// `push-waiting.json`: push messages taken while `push.json` could not be read, kept until it can.
    case pushWaiting
    /// `delivered.json`: the notifications the agent has on screen, so that a restarted agent
    /// still replaces and removes them.
    case delivered
    /// `unotify.db`: the agent's database (the schedule, and what moves into it).
    case store

    /// What the file holds: "notification settings".
    var noun: String {
        switch self {
        case .settings: "notification settings"
        case .pending: "pending notifications"
        case .categories: "notification categories"
        case .responses: "responses waiting for their apps"
        case .push: "remote-notification subscriptions"
        case .pushWaiting: "push messages waiting for their subscriptions"
        case .delivered: "delivered notifications"
        case .store: "notification store"
        }
    }

    /// What the store did with a file it could not read.
    var nothingTaken: String {
        switch self {
        case .settings: "Nothing was read from it and no app is treated as allowed."
        case .pending: "Nothing was scheduled from it and it was left as it is."
        case .categories: "No category was read from it and it was left as it is."
        case .responses: "No response was read from it and it was left as it is."
        case .push: "No subscription was read from it, no push message is delivered, and it was left as it is."
        case .pushWaiting: "No waiting push message was read from it and it was left as it is."
        case .delivered: "No delivered notification was read from it and it was left as it is."
        case .store: "Nothing was read from it or written to it, and it was left as it is."
        }
    }

    /// What moving the file aside leads to, and what to do then.
    var startingOver: String {
        switch self {
        case .settings:
            "to start over with every app not determined, then set apps again with `unotify settings ID ...`"
        case .pending: "to start with no pending notifications; apps must then schedule theirs again"
        case .categories: "to start with no categories; apps set theirs again when they start"
        case .responses: "to start with no responses waiting; the answers in it are not handed to their apps"
        case .push: "to start with no subscriptions; apps must then register for remote notifications again"
        case .pushWaiting: "to start with no push messages waiting; the messages in it are not shown"
        case .delivered:
            "to start with no delivered notifications known; those on screen are then shown again, not replaced"
        case .store:
            "(with its -wal and -shm files) to start over: pending notifications are then lost"
        }
    }
}
