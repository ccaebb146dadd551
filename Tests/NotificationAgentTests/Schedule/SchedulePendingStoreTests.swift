import Foundation
import Testing
import UserNotifications
@testable import NotificationAgent

#if canImport(Glibc)
    import Glibc
#endif

/// `PendingStore` on a real file system, in a fresh temporary directory per test.
@Suite(.timeLimit(.minutes(1))) struct SchedulePendingStoreTests {
    private typealias F = ScheduleFixtures

    /// This test's directory, kept by the suite's value, which lives as long as the test: it is
    /// removed after the test's last write, not at the test's first line (a directory a helper
    /// returned and the test dropped was removed at once, and written anew).
    let temporary: ScheduleTemporaryDirectory

    init() throws {
        temporary = try ScheduleTemporaryDirectory()
    }

    /// A store in a not-yet-existing `state/unotify` under this test's directory.
    func makeStore() -> PendingStore {
        PendingStore(directory: temporary.url.appendingPathComponent("state/unotify"))
    }

    private func mode(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    func write(_ text: String, to store: PendingStore) throws {
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: store.fileURL)
    }

    private func loadError(_ store: PendingStore) -> StoreError? {
        do throws(StoreError) {
            _ = try store.load()
            return nil
        } catch {
            return error
        }
    }

    /// A queue with one of each kind of trigger and content.
    private func sampleQueue() throws -> ScheduleQueue {
        let paris = F.zone("Europe/Paris")
        var queue = ScheduleQueue(calendarTimeZone: paris)
        let added = Date(timeIntervalSince1970: 1_750_000_000.123_456)
        for (index, request) in ScheduleContentTests.requests.enumerated() {
            let trigger: ScheduledTrigger =
                switch index % 3 {
                case 0: .timeInterval(seconds: 0.5 + Double(index), repeats: false)
                case 1: .timeInterval(seconds: 3600, repeats: true)
                default:
                    .calendar(
                        components: CalendarMatch(
                            hour: index, minute: 30, timeZoneIdentifier: index % 2 == 0 ? "Asia/Tokyo" : nil),
                        repeats: true)
                }
            queue.add(
                try PendingNotification(
                    app: "org.example.App\(index % 2)", request: request, trigger: trigger, addedAt: added,
                    calendarTimeZone: paris))
        }
        return queue
    }

    /// A test's directory is removed when the test has ended, after its last write, and not
    /// before: none is left behind. (A directory a helper returned and the test dropped was
    /// removed at once, the test's writes made it anew, and it stayed.)
    @Test func aTestsDirectoryIsRemovedAfterItsLastWrite() throws {
        let directory: URL
        do {
            let test = try SchedulePendingStoreTests()
            directory = test.temporary.url
            try test.write("{}", to: test.makeStore())
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test func missingFileMeansNothingPending() throws {
        let store = makeStore()
        #expect(try store.load().isEmpty)
    }

    @Test func roundTrip() throws {
        let store = makeStore()
        let queue = try sampleQueue()
        try store.save(queue.allPending)
        let loaded = try store.load()
        #expect(loaded == queue.allPending)
        #expect(loaded.map(\.request) == queue.allPending.map(\.request))
        let restored = ScheduleQueue(loaded, calendarTimeZone: queue.calendarTimeZone)
        #expect(restored.allPending == queue.allPending)
        // Fractional seconds survive exactly.
        #expect(loaded.allSatisfy { $0.anchor == 1_750_000_000.123_456 })
        // Saving less replaces the file.
        try store.save(Array(loaded.prefix(2)))
        #expect(try store.load() == Array(loaded.prefix(2)))
        try store.save([])
        #expect(try store.load().isEmpty)
    }

    @Test func nonFiniteVolumeRoundTrips() throws {
        let store = makeStore()
        let request = DeliveryRequest(identifier: "loud", title: "t", sound: .critical(name: nil, volume: .infinity))
        let pending = PendingNotification(
            app: "a", request: request, trigger: .timeInterval(seconds: 5, repeats: false), anchor: 0, nextFireDate: 5)
        try store.save([pending])
        #expect(try store.load() == [pending])
    }

    @Test func fileIsPrivateInAPrivateDirectory() throws {
        let store = makeStore()
        try store.save(try sampleQueue().allPending)
        #expect(mode(store.directory.path) == 0o700)
        #expect(mode(store.fileURL.path) == 0o600)
        // An existing directory that is too open is made private.
        #expect(chmod(store.directory.path, 0o755) == 0)
        try store.save([])
        #expect(mode(store.directory.path) == 0o700)
        #expect(mode(store.fileURL.path) == 0o600)
    }

    @Test func savingLeavesNoTemporaryFiles() throws {
        let store = makeStore()
        let pending = try sampleQueue().allPending
        for round in 0..<20 { try store.save(Array(pending.prefix(round % pending.count))) }
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(names == ["pending.json"])
    }

    @Test func fileShape() throws {
        let store = makeStore()
        try store.save([F.pending("a", "i", fireDate: 20.25, anchor: 10.5)])
        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(text.hasPrefix(#"{"pending":[{"anchor":10.5,"app":"a","content":{"#))
        #expect(
            text.hasSuffix(
                #""nextFireDate":20.25,"trigger":{"timeInterval":{"repeats":false,"seconds":9.75}}}],"version":1}"#
                    + "\n"))
    }

    @Test(arguments: [
        ("not json at all", "not valid JSON"),
        (#"{"pending":[]}"#, #"no format "version""#),
        (#"{"version":0,"pending":[]}"#, "unknown format version 0"),
        (#"{"version":1}"#, #"missing "pending""#),
        (#"{"version":1,"pending":[{"app":"a"}]}"#, #"missing "content" at pending.0"#),
        (
            #"{"version":1,"pending":[{"app":"a","anchor":0,"nextFireDate":5,"content":{"identifier":"i","interruptionLevel":9},"trigger":{"timeInterval":{"seconds":5,"repeats":false}}}]}"#,
            "interruptionLevel"
        ),
        (
            #"{"version":1,"pending":[{"app":"a","anchor":0,"nextFireDate":5,"content":{"identifier":"i"},"trigger":{"timeInterval":{"seconds":0,"repeats":false}}}]}"#,
            "pending[0] (a/i) has an invalid trigger: the time interval is 0.0 seconds"
        ),
        (
            #"{"version":1,"pending":[{"app":"a","anchor":0,"nextFireDate":"nan","content":{"identifier":"i"},"trigger":{"timeInterval":{"seconds":5,"repeats":false}}}]}"#,
            "not a finite number"
        ),
        (
            #"{"version":1,"pending":[{"app":"","anchor":0,"nextFireDate":5,"content":{"identifier":"i"},"trigger":{"timeInterval":{"seconds":5,"repeats":false}}}]}"#,
            "empty app identifier"
        ),
        (
            #"{"version":1,"pending":[{"app":"a","anchor":0,"nextFireDate":5,"content":{"identifier":"i"},"trigger":{"timeInterval":{"seconds":5,"repeats":false}}},{"app":"a","anchor":0,"nextFireDate":6,"content":{"identifier":"i"},"trigger":{"timeInterval":{"seconds":6,"repeats":false}}}]}"#,
            "pending[1] (a/i) is pending twice"
        ),
    ])
    func corruptFileIsAnErrorNamingIt(_ contents: String, _ detail: String) throws {
        let store = makeStore()
        try write(contents, to: store)
        let error = try #require(loadError(store))
        guard case .corrupt(let what) = error.reason else {
            Issue.record("expected corrupt, got \(error.reason)")
            return
        }
        #expect(what.contains(detail), "\(what)")
        #expect(error.path == store.fileURL.path)
        #expect(error.description.contains(store.fileURL.path))
        #expect(error.description.contains("mv '\(store.fileURL.path)' '\(store.fileURL.path).broken'"))
        // The store never overwrote it.
        #expect(try String(contentsOf: store.fileURL, encoding: .utf8) == contents)
    }

    @Test func newerVersionIsAnErrorNamingIt() throws {
        let store = makeStore()
        try write(#"{"version":2,"pending":[{"something":"new"}]}"#, to: store)
        let error = try #require(loadError(store))
        #expect(error.reason == .futureVersion(2))
        #expect(error.description.contains(store.fileURL.path))
        #expect(error.description.contains("newer"))
        #expect(error.description.contains("mv '\(store.fileURL.path)' '\(store.fileURL.path).new'"))
    }

    @Test func directoryInPlaceOfTheFileIsAnError() throws {
        let store = makeStore()
        try FileManager.default.createDirectory(at: store.fileURL, withIntermediateDirectories: true)
        let error = try #require(loadError(store))
        #expect(error.reason == .corrupt("it is not a regular file"))
        #expect(error.path == store.fileURL.path)
    }

    @Test func unwritableDirectoryIsAnErrorNamingIt() throws {
        let blocker = temporary.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let store = PendingStore(directory: blocker.appendingPathComponent("unotify"))
        do throws(StoreError) {
            try store.save([])
            Issue.record("saving under a regular file succeeded")
        } catch {
            guard case .unwritable = error.reason else {
                Issue.record("expected unwritable, got \(error.reason)")
                return
            }
            #expect(error.description.contains(blocker.path))
        }
    }
}
