import DBus
import FreedesktopNotifications

/// What ``CaptureServer`` keeps: the notifications shown and not closed, the answers not yet
/// used, and the output, written in the order things happened.
actor CaptureServerState {
    private let write: @Sendable (String) -> Void
    private var answers: [(answer: CaptureAnswer, used: Bool)]
    private var failures: [String] = []
    private var lastID: UInt32 = 0
    /// The caller of each notification still shown.
    private var open: [ServerNotificationID: String] = [:]

    init(answers: [CaptureAnswer], write: @escaping @Sendable (String) -> Void) {
        self.answers = answers.map { ($0, false) }
        self.write = write
    }

    func record(_ line: String) { write(line) }

    /// Records a `Notify`, gives it its id, and takes the first unused answer that matches it.
    func notify(_ request: NotifyRequest, arguments: [DBusValue], sender: String, fromAgent: Bool)
        -> (CapturedNotification, CaptureAnswer?)
    {
        let id: ServerNotificationID
        if request.replacesID != .unassigned, open[request.replacesID] != nil {
            id = request.replacesID
        } else {
            lastID += 1
            id = ServerNotificationID(rawValue: lastID)
        }
        open[id] = sender
        let notification = CapturedNotification(
            id: id, request: request, arguments: arguments, sender: sender, fromAgent: fromAgent)
        var chosen: CaptureAnswer?
        if let index = answers.firstIndex(where: { !$0.used && $0.answer.matches(notification) }) {
            answers[index].used = true
            chosen = answers[index].answer
        }
        write(notification.jsonLine(answeredBy: chosen))
        return (notification, chosen)
    }

    /// Records a `CloseNotification`; returns the caller to tell when `id` was still shown.
    func close(_ id: ServerNotificationID, by sender: String) -> String? {
        write(
            CaptureJSON.object([
                ("event", CaptureJSON.string("close-notification")), ("id", String(id.rawValue)),
                ("sender", CaptureJSON.string(sender)),
            ]))
        return open.removeValue(forKey: id)
    }

    func isOpen(_ id: ServerNotificationID) -> Bool { open[id] != nil }

    func forget(_ id: ServerNotificationID) { open[id] = nil }

    /// An answer that matched but could not be given.
    func fail(_ answer: CaptureAnswer, _ why: String) {
        failures.append("--answer \(answer.text): \(why)")
        write(
            CaptureJSON.object([
                ("event", CaptureJSON.string("answer-failed")), ("answer", CaptureJSON.string(answer.text)),
                ("reason", CaptureJSON.string(why)),
            ]))
    }

    func unanswered() -> [String] {
        failures + answers.filter { !$0.used }.map { "--answer \($0.answer.text) found no notification it matches" }
    }
}
