import Foundation
import NotificationAgentClient

/// The responses waiting for their apps, on disk: `responses.journal` is read when the agent
/// starts and a line appended whenever the queue changes, so a restart hands every app what it had not
/// taken yet.
extension NotificationAgent {
    /// Starts the router from `responses.journal`. A file that cannot be read is reported and left
    /// as it is: the queue then lives in memory only, until the file is moved aside.
    func loadQueuedResponses() {
        guard let store = responseQueue else { return }
        do {
            router = ResponseRouter(queued: try store.load())
        } catch {
            responseQueue = nil
            log.write("\(error); responses are kept in memory only until it is moved aside")
        }
    }

    /// Writes the queue as it is now; returns once it is on disk.
    func saveQueuedResponses() async throws {
        try await responseQueue?.save(router.queued)
    }

    /// Writes the queue for a response nobody took: the click cannot be refused, so a failed
    /// write is reported, and the response stays queued in memory (the next write keeps it).
    func saveQueuedResponsesReporting() async {
        do {
            try await saveQueuedResponses()
        } catch {
            log.write("a response was queued in memory only: \(error)")
        }
    }

    /// `Listen`: `sender` listens to `app` and takes the queued responses, once their taking is
    /// on disk; when it cannot be saved, nothing was taken and the caller is told.
    func listen(_ sender: String, app: String) async throws -> [ResponseRecord] {
        let taken = router.addListener(sender, app: app)
        watchListener(sender)
        guard !taken.isEmpty else { return [] }
        do {
            try await saveQueuedResponses()
        } catch {
            router.undoListen(sender, app: app, taken: taken)
            throw AgentError(
                .settings,
                "\(error) The \(taken.count) waiting response(s) stay queued; listen again once it can be written.")
        }
        return taken
    }
}
