/// The document `push-waiting.json` holds (0600, beside `push.json`): the push messages taken
/// while `push.json` could not be read, oldest first, bounded by ``maximumCount`` messages and
/// ``maximumBodyBytes`` bytes of bodies.
struct WaitingPushFile: StoredDocument, Equatable {
    static let currentVersion = 1
    static let fileName = "push-waiting.json"
    static let kind = StoredDocumentKind.pushWaiting
    static let empty = WaitingPushFile()

    /// At most this many messages wait.
    static let maximumCount = 64
    /// At most this many bytes of bodies wait: 32 messages of Web Push's largest, 4 096 bytes.
    static let maximumBodyBytes = 131_072

    var version = currentVersion
    var messages: [WaitingPushMessage] = []

    /// The bytes of every body waiting.
    var bodyBytes: Int { messages.reduce(0) { $0 + ($1.bytes?.count ?? $1.body.utf8.count) } }

    /// Adds `message` last (unless it is waiting already: a distributor sent it again), then
    /// drops the oldest while over a bound; the messages dropped.
    mutating func append(_ message: WaitingPushMessage) -> [WaitingPushMessage] {
        guard !messages.contains(message) else { return [] }
        messages.append(message)
        var dropped: [WaitingPushMessage] = []
        while messages.count > 1, messages.count > Self.maximumCount || bodyBytes > Self.maximumBodyBytes {
            dropped.append(messages.removeFirst())
        }
        return dropped
    }

    /// Takes `message` out (the first equal one), once it has been delivered or dropped.
    mutating func remove(_ message: WaitingPushMessage) {
        if let index = messages.firstIndex(of: message) { messages.remove(at: index) }
    }
}
