/// The document `push-waiting.json` held in unotify 0.1 and 0.2: the push messages taken while
/// `push.json` could not be read, oldest first. Read once, to import them into the store
/// (``WaitingPushImport``, ``WaitingPushTable``).
struct WaitingPushFile: StoredDocument, Equatable {
    static let currentVersion = 1
    static let fileName = "push-waiting.json"
    static let kind = StoredDocumentKind.pushWaiting
    static let empty = WaitingPushFile()

    var version = currentVersion
    var messages: [WaitingPushMessage] = []
}
