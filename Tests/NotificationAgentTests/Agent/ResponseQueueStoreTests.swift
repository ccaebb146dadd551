import DBus
import Foundation
import NotificationAgentClient
import Testing
import TestSupport
@testable import NotificationAgent

#if canImport(Glibc)
    import Glibc
#endif

/// The queued responses on disk: what a response needs, bounded in bytes, one appended line per
/// change instead of the whole queue rewritten, read back as it was, and the old
/// `responses.json` taken over.
@Suite struct ResponseQueueStoreTests {
    static func response(_ app: String, _ index: Int, body: String = "Body", hintBytes: Int = 0) -> ResponseRecord {
        var request = DeliveryRequest(identifier: "n\(index)", title: "Title \(index)", body: body)
        request.userInfoJSON = #"{"room":"food"}"#
        if hintBytes > 0 { request.hints["x-vendor-blob"] = DBusVariant(String(repeating: "h", count: hintBytes)) }
        return ResponseRecord(
            app: app, request: request, deliveredAt: 1_800_000_000 + Double(index), actionIdentifier: "drink",
            userText: index % 2 == 0 ? "On my way" : nil)
    }

    static func status(_ path: String) -> stat {
        var status = stat()
        _ = stat(path, &status)
        return status
    }

    @Test func eachChangeAppendsALineAndTheQueueReadsBack() async throws {
        let state = try TemporaryDirectory("unotify-responses")
        let store = ResponseQueueStore(directory: state.url)
        var router = ResponseRouter()
        var sizes: [Int] = []
        for index in 0..<30 {
            _ = router.route(Self.response("org.example.Tea", index))
            try await store.save(router.queued)
            sizes.append(Int(Self.status(store.path).st_size))
        }
        let inode = Self.status(store.path).st_ino
        _ = router.route(Self.response("org.example.Tea", 30))
        try await store.save(router.queued)
        #expect(Self.status(store.path).st_ino == inode, "the file was rewritten, not appended to")
        // Each save grows the file by about one response's line, not by the whole queue.
        let growth = zip(sizes.dropFirst(), sizes).map { $0 - $1 }
        #expect(growth.allSatisfy { $0 > 0 && $0 < 1_024 }, "\(growth)")
        #expect(try ResponseQueueStore(directory: state.url).load() == router.queued)

        // Taken by a listener, then more queued for another app.
        _ = router.addListener(":1.7", app: "org.example.Tea")
        _ = router.route(Self.response("org.example.Milk", 1))
        try await store.save(router.queued)
        #expect(try ResponseQueueStore(directory: state.url).load() == router.queued)

        // Queued and taken again and again: what was taken is compacted away.
        for round in 0..<20 {
            for index in 0..<40 { _ = router.route(Self.response("org.example.Tea", 1_000 * round + index)) }
            try await store.save(router.queued)
            _ = router.addListener(":1.7", app: "org.example.Tea")
            router.removeListener(":1.7")
            try await store.save(router.queued)
        }
        #expect(Self.status(store.path).st_size <= ResponseQueueStore.slack + 2_048, "taken responses were kept")
        #expect(try ResponseQueueStore(directory: state.url).load() == router.queued)
    }

    @Test func aResponseKeepsWhatItNeedsAndTheQueueIsBoundedInBytes() async throws {
        let state = try TemporaryDirectory("unotify-responses")
        let store = ResponseQueueStore(directory: state.url)
        var router = ResponseRouter()
        _ = router.route(Self.response("org.example.Tea", 0, hintBytes: 60_000))
        try await store.save(router.queued)
        #expect(Self.status(store.path).st_size < 2_048, "the server's hints were kept")
        let loaded = try #require(try store.load()["org.example.Tea"]?.first)
        #expect(loaded.request.body == "Body" && loaded.request.userInfoJSON == #"{"room":"food"}"#)
        #expect(loaded.userText == "On my way" && loaded.actionIdentifier == "drink")

        let big = String(repeating: "b", count: 60_000)
        for index in 1...2_000 { _ = router.route(Self.response("org.example.App\(index % 20)", index, body: big)) }
        let bytes = router.queued.values.joined().reduce(0) { $0 + ResponseRouter.storedSize(of: $1) }
        #expect(bytes <= ResponseRouter.byteLimit)
        #expect(router.queued.values.joined().count >= ResponseRouter.byteLimit / 61_000 - 20)
    }

    @Test func aTornLastLineIsLeftOutAndTheOldFileTakenOver() async throws {
        let state = try TemporaryDirectory("unotify-responses")
        let old = ResponsesFile(apps: ["org.example.Tea": [StoredResponse(Self.response("org.example.Tea", 1))]])
        try DocumentFile<ResponsesFile>(directory: state.url, prettyPrinted: false).save(old)
        let store = ResponseQueueStore(directory: state.url)
        let taken = try store.load()
        #expect(taken["org.example.Tea"]?.map(\.request.identifier) == ["n1"])
        #expect(!FileManager.default.fileExists(atPath: state.url.appendingPathComponent("responses.json").path))
        #expect(try ResponseQueueStore(directory: state.url).load() == taken)
        // A crash in the middle of an append leaves a torn line: it is left out.
        #expect(PrivateFileSystem.append(Array(#"{"app":"org.example.Tea","add":{"requ"#.utf8), to: store.path))
        #expect(try ResponseQueueStore(directory: state.url).load() == taken)
    }
}
