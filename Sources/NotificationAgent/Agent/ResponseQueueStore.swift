import Foundation
import NotificationAgentClient

/// The responses waiting for their app to listen, kept in `responses.json` (``ResponsesFile``)
/// next to the other stores, so that a clean restart of the agent loses none.
struct ResponseQueueStore: Sendable {
    private let file: DocumentFile<ResponsesFile>
    /// The writes, in order, off the agent's actor.
    private let writes = StoreWriteQueue()

    init(directory: URL) {
        file = DocumentFile(directory: directory, prettyPrinted: false)
    }

    /// The queued responses on disk, per app.
    ///
    /// - Throws: `StoreError` naming the file when it cannot be read.
    func load() throws -> [String: [ResponseRecord]] {
        let loaded = try file.load()
        var queued: [String: [ResponseRecord]] = [:]
        for (app, responses) in loaded.apps { queued[app] = responses.map { $0.record(app: app) } }
        return queued
    }

    /// Writes `queued` as the whole queue; returns once it is on disk.
    ///
    /// - Throws: `StoreError` naming the file when it cannot be written (the file is unchanged).
    func save(_ queued: [String: [ResponseRecord]]) async throws {
        let file = file
        let document = ResponsesFile(
            apps: queued.filter { !$0.value.isEmpty }.mapValues { $0.map(StoredResponse.init) })
        try await writes.run { try file.save(document) }
    }
}
