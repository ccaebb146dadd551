import Foundation
import NotificationAgentClient
import Synchronization

/// The responses waiting for their app to listen, kept in `responses.journal` next to the other
/// stores, so that a clean restart of the agent loses none. Each change is one appended line
/// (``ResponseJournalLine``): a click costs one short `write`, not a rewrite of the whole queue.
/// The file is rewritten (atomically) only when it holds over twice what is still queued, or
/// after a write failed. An old `responses.json` is read once and taken over.
final class ResponseQueueStore: Sendable {
    /// `responses.journal`.
    let path: String
    private let directory: String
    private let legacy: DocumentFile<ResponsesFile>
    /// The writes, in order, off the agent's actor.
    private let writes = StoreWriteQueue()
    /// What the file holds once the writes started have ended.
    private let written = Mutex(Written())

    /// What the journal holds: the queue, each line's size, and the file's size.
    private struct Written {
        var queued: [String: [ResponseRecord]] = [:]
        var lineSizes: [String: [Int]] = [:]
        var fileBytes = 0
        var mustRewrite = true
    }

    /// The most the file may hold before it is rewritten, beyond twice what is queued.
    static let slack = 64 << 10

    init(directory: URL) {
        self.directory = directory.path
        path = directory.appendingPathComponent("responses.journal").path
        legacy = DocumentFile(directory: directory, prettyPrinted: false)
    }

    /// The queued responses on disk, per app.
    ///
    /// - Throws: `StoreError` naming the file when it cannot be read or a line in it is not
    ///   one the agent wrote (a last line cut short by a crash is left out).
    func load() throws -> [String: [ResponseRecord]] {
        if let bytes = try PrivateFileSystem.read(path) {
            let stored = try replay(bytes)
            let queued = stored.reduce(into: [String: [ResponseRecord]]()) { result, entry in
                result[entry.key] = entry.value.map { $0.record(app: entry.key) }
            }
            written.withLock {
                $0 = Written(queued: queued, lineSizes: [:], fileBytes: bytes.count, mustRewrite: true)
            }
            return queued
        }
        let old = try legacy.load()
        var queued: [String: [ResponseRecord]] = [:]
        for (app, responses) in old.apps { queued[app] = responses.map { $0.record(app: app) } }
        guard !queued.isEmpty else { return [:] }
        try rewrite(queued)
        _ = unlink(legacy.url.path)
        return queued
    }

    /// Writes what changed in `queued` since the last save; returns once it is on disk.
    ///
    /// - Throws: `StoreError` naming the file when it cannot be written; the next save then
    ///   rewrites the whole queue.
    func save(_ queued: [String: [ResponseRecord]]) async throws {
        let plan = written.withLock { written in Self.plan(queued, after: &written) }
        guard let plan else { return }
        let path = path
        do {
            try await writes.run { [self] in
                switch plan {
                case .append(let bytes):
                    guard PrivateFileSystem.append(bytes, to: path) else {
                        throw StoreError(
                            .unwritable(operation: "appending", errno: errno), path: path, kind: .responses)
                    }
                case .rewrite(let queued): try rewrite(queued)
                }
            }
        } catch {
            written.withLock { $0.mustRewrite = true }
            throw error
        }
    }

    private enum Plan: Sendable {
        case append([UInt8])
        case rewrite([String: [ResponseRecord]])
    }

    /// The lines that turn `written`'s queue into `queued`, or a rewrite when the changes are not
    /// the router's (appended at the end, given way at the front, taken all at once) or the file
    /// has grown over twice what is queued; `written` is updated to what the file will hold.
    private static func plan(_ queued: [String: [ResponseRecord]], after written: inout Written) -> Plan? {
        if written.mustRewrite { return rewritePlan(queued, &written) }
        var lines: [UInt8] = []
        for app in Set(queued.keys).union(written.queued.keys).sorted() {
            let old = written.queued[app] ?? []
            let new = queued[app] ?? []
            if new.isEmpty {
                guard !old.isEmpty else { continue }
                lines += encode(ResponseJournalLine(app: app, clear: true))
                written.lineSizes[app] = nil
                continue
            }
            guard let dropped = droppedFront(old, new) else { return rewritePlan(queued, &written) }
            if dropped > 0 {
                lines += encode(ResponseJournalLine(app: app, drop: dropped))
                var sizes = written.lineSizes[app] ?? []
                sizes.removeFirst(min(dropped, sizes.count))
                written.lineSizes[app] = sizes
            }
            for response in new[(old.count - dropped)...] {
                let line = encode(ResponseJournalLine(app: app, add: StoredResponse(response)))
                lines += line
                written.lineSizes[app, default: []].append(line.count)
            }
        }
        guard !lines.isEmpty else { return nil }
        written.queued = queued
        written.fileBytes += lines.count
        let live = written.lineSizes.values.joined().reduce(0, +)
        if written.fileBytes > 2 * live + slack { return rewritePlan(queued, &written) }
        return .append(lines)
    }

    private static func rewritePlan(_ queued: [String: [ResponseRecord]], _ written: inout Written) -> Plan {
        written = Written(queued: queued, lineSizes: [:], fileBytes: 0, mustRewrite: false)
        for (app, responses) in queued {
            written.lineSizes[app] = responses.map {
                encode(ResponseJournalLine(app: app, add: StoredResponse($0))).count
            }
        }
        written.fileBytes = written.lineSizes.values.joined().reduce(0, +)
        return .rewrite(queued)
    }

    /// How many of `old`'s first responses `new` no longer has, where `new` is what is left of
    /// `old` followed by responses queued since; nil when it is not. Compares the ends of what is
    /// left (the router only appends, gives way at the front, or takes all).
    private static func droppedFront(_ old: [ResponseRecord], _ new: [ResponseRecord]) -> Int? {
        for dropped in 0...old.count {
            let kept = old.count - dropped
            guard kept <= new.count else { continue }
            if kept == 0 || (new[0] == old[dropped] && new[kept - 1] == old[old.count - 1]) { return dropped }
        }
        return nil
    }

    private static func encode(_ line: ResponseJournalLine) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // try?: a record of strings and numbers always encodes
        return Array((try? encoder.encode(line)) ?? Data()) + [0x0A]
    }

    /// Replaces the file with `queued`, one `add` line per response.
    private func rewrite(_ queued: [String: [ResponseRecord]]) throws {
        var bytes: [UInt8] = []
        for (app, responses) in queued.sorted(by: { $0.key < $1.key }) {
            for response in responses {
                bytes += Self.encode(ResponseJournalLine(app: app, add: StoredResponse(response)))
            }
        }
        try PrivateFileSystem.makePrivateDirectory(directory)
        let target = try PrivateFileSystem.writeTarget(of: path)
        try PrivateFileSystem.writeAtomically(
            bytes, to: target.path, in: target.directory, temporaryPrefix: ".responses.journal.tmp-")
    }

    /// The queue the journal's lines make; a last line without its newline (a crash during an
    /// append) is left out.
    private func replay(_ bytes: [UInt8]) throws -> [String: [StoredResponse]] {
        var queued: [String: [StoredResponse]] = [:]
        let decoder = JSONDecoder()
        var start = 0
        var number = 0
        while let end = bytes[start...].firstIndex(of: 0x0A) {
            number += 1
            do {
                try decoder.decode(ResponseJournalLine.self, from: Data(bytes[start..<end])).apply(to: &queued)
            } catch {
                throw StoreError(
                    .corrupt("line \(number) is not a response the agent wrote"), path: path, kind: .responses)
            }
            start = end + 1
        }
        return queued
    }
}
