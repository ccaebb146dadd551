import Foundation
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

#if canImport(Glibc)
    import Glibc
#endif

/// `SettingsStore`: persistence, privacy, atomicity, errors that name the file, concurrency.
@Suite("Engine: settings store")
struct EngineSettingsStoreTests {
    @Test("round trip: what is stored is read back, by this and by a new store")
    func roundTrip() throws {
        let directory = try EngineTemporaryDirectory()
        let store = SettingsStore(directory: directory.url.appendingPathComponent("unotify"))
        #expect(try store.settings(for: "com.example.App") == AppSettings())
        #expect(try store.allApps().isEmpty)

        let granted = AppSettings.authorized(requesting: [.alert, .sound])
        let returned = try store.update("com.example.App") { settings in
            settings = granted
            return 42
        }
        #expect(returned == 42)
        try store.update("org.example.Other") { $0 = .provisional(requesting: [.badge, .provisional]) }

        let reopened = SettingsStore(directory: directory.url.appendingPathComponent("unotify"))
        #expect(try reopened.settings(for: "com.example.App") == granted)
        #expect(
            try reopened.allApps() == [
                "com.example.App": granted,
                "org.example.Other": .provisional(requesting: [.badge]),
            ])
        #expect(try reopened.settings(for: "never.seen") == AppSettings())

        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["version"] as? Int == 1)
        #expect((object?["apps"] as? [String: Any])?.keys.sorted() == ["com.example.App", "org.example.Other"])
    }

    @Test("reset forgets one app only")
    func resetForgetsOneApp() throws {
        let directory = try EngineTemporaryDirectory()
        let store = SettingsStore(directory: directory.url)
        try store.update("a") { $0 = .denied(requesting: [.alert]) }
        try store.update("b") { $0 = .authorized(requesting: [.alert]) }
        try store.reset("a")
        try store.reset("never.stored")
        #expect(try store.allApps() == ["b": .authorized(requesting: [.alert])])
        #expect(try store.settings(for: "a") == AppSettings())
    }

    @Test("a body that throws writes nothing")
    func throwingBodyWritesNothing() throws {
        struct Refused: Error {}
        let directory = try EngineTemporaryDirectory()
        let store = SettingsStore(directory: directory.url)
        try store.update("a") { $0 = .denied(requesting: []) }
        let before = try Data(contentsOf: store.fileURL)
        #expect(throws: Refused.self) {
            try store.update("a") { settings in
                settings = .authorized(requesting: [.alert])
                throw Refused()
            }
        }
        #expect(try Data(contentsOf: store.fileURL) == before)
        #expect(try store.settings(for: "a") == .denied(requesting: []))
    }

    @Test("the directory is 0700 and the files 0600, whatever the umask; a loose directory is tightened")
    func privateModes() throws {
        let directory = try EngineTemporaryDirectory()
        let nested = directory.url.appendingPathComponent("state/unotify")
        let store = SettingsStore(directory: nested)
        let previous = umask(0)
        defer { umask(previous) }
        try store.update("com.example.App") { $0.authorization = .authorized }
        #expect(try mode(of: nested.path) == 0o700)
        #expect(try mode(of: store.fileURL.path) == 0o600)
        #expect(try mode(of: store.lockURL.path) == 0o600)

        #expect(chmod(nested.path, 0o755) == 0)
        #expect(chmod(store.fileURL.path, 0o644) == 0)
        try store.update("com.example.App") { $0.authorization = .denied }
        #expect(try mode(of: nested.path) == 0o700)
        #expect(try mode(of: store.fileURL.path) == 0o600)
    }

    @Test("writes are atomic: a rename, no temporary file left behind")
    func atomicWrites() throws {
        let directory = try EngineTemporaryDirectory()
        let store = SettingsStore(directory: directory.url)
        var inodes = Set<UInt>()
        for round in 0..<20 {
            try store.update("app\(round % 3)") { $0.requestedOptions = AuthorizationOptionBits(rawValue: UInt(round)) }
            var status = stat()
            #expect(stat(store.fileURL.path, &status) == 0)
            inodes.insert(UInt(status.st_ino))
        }
        // Each write is a new file renamed over the old one, never an in-place rewrite.
        #expect(inodes.count > 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        #expect(names == ["settings.json", "settings.lock"])
    }

    @Test(
        "a corrupt file is an error naming it, never default or authorized, and is not overwritten",
        arguments: [
            ("{ not json", "not valid JSON"),
            ("", "not valid JSON"),
            ("[1, 2]", "wrong type"),
            ("{\"apps\": {}}", "no format \"version\""),
            ("{\"version\": 0, \"apps\": {}}", "unknown format version 0"),
            ("{\"version\": 1}", "missing \"apps\""),
            ("{\"version\": 1, \"apps\": {\"a\": {\"authorization\": 7}}}", "apps.a"),
            ("{\"version\": 1, \"apps\": {\"a/b\": {}}}", "a/b"),
        ]
    )
    func corruptFile(contents: String, detail: String) throws {
        let directory = try EngineTemporaryDirectory()
        let store = SettingsStore(directory: directory.url)
        try Data(contents.utf8).write(to: store.fileURL)
        for attempt in 0..<3 {
            let error = try #require(throws: StoreError.self) {
                switch attempt {
                case 0: _ = try store.settings(for: "a")
                case 1: _ = try store.allApps()
                default: try store.update("a") { $0.authorization = .authorized }
                }
            }
            guard case .corrupt(let why) = error.reason else {
                Issue.record("expected corrupt, got \(error.reason)")
                continue
            }
            #expect(why.contains(detail), "\(why)")
            #expect(error.path == store.fileURL.path)
            #expect(error.description.contains(store.fileURL.path))
            #expect(error.description.contains("Move it aside"))
        }
        #expect(try String(contentsOf: store.fileURL, encoding: .utf8) == contents)
    }

    @Test("a file of a newer format version is an error naming it and the version")
    func futureVersion() throws {
        let directory = try EngineTemporaryDirectory()
        let store = SettingsStore(directory: directory.url)
        let contents = "{\"version\": 2, \"apps\": {\"a\": \"something new\"}, \"more\": true}"
        try Data(contents.utf8).write(to: store.fileURL)
        let error = try #require(throws: StoreError.self) { try store.settings(for: "a") }
        #expect(error.reason == .futureVersion(2))
        #expect(error.description.contains(store.fileURL.path))
        #expect(error.description.contains("newer unotify"))
        #expect(throws: StoreError.self) { try store.reset("a") }
        #expect(try String(contentsOf: store.fileURL, encoding: .utf8) == contents)
    }

    @Test("a settings path that is not a regular file, or cannot be read, is an error naming it")
    func unreadableFile() throws {
        let directory = try EngineTemporaryDirectory()
        let store = SettingsStore(directory: directory.url)
        try FileManager.default.createDirectory(at: store.fileURL, withIntermediateDirectories: false)
        let notFile = try #require(throws: StoreError.self) { try store.allApps() }
        #expect(notFile.description.contains(store.fileURL.path))
        try FileManager.default.removeItem(at: store.fileURL)

        try store.update("a") { $0.authorization = .authorized }
        #expect(chmod(store.fileURL.path, 0) == 0)
        let unreadable = try #require(throws: StoreError.self) {
            try UnprivilegedFileAccess.run { try store.settings(for: "a") }
        }
        #expect(unreadable.reason == .unreadable(errno: EACCES))
        #expect(unreadable.description.contains(store.fileURL.path))
    }

    @Test("concurrent writers lose nothing: 8 threads × 50 increments, each with its own store")
    func concurrentUpdates() async throws {
        // Waiting for the writer threads blocks: on a thread of its own, not one every test shares.
        try await OwnThreadExecutor.run {
            let directory = try EngineTemporaryDirectory()
            let url = directory.url
            let threads = 8
            let increments = 50
            let failures = EngineFailureLog()
            let done = DispatchSemaphore(value: 0)
            for index in 0..<threads {
                let thread = Thread {
                    let store = SettingsStore(directory: url)
                    // A write that waited longer than the lock's patience is refused and says
                    // so (on a loaded machine eight writers can keep one waiting that long): the
                    // caller is told, nothing is lost, and it tries again as a user would. Any
                    // other error is a failure.
                    func increment(_ app: String) {
                        for _ in 0..<20 {
                            do {
                                try store.update(app) {
                                    $0.requestedOptions = .init(rawValue: $0.requestedOptions.rawValue + 1)
                                }
                                return
                            } catch let error as StoreError
                                where error.reason == .locked(seconds: PrivateFileSystem.lockPatience)
                            {
                                failures.noteRetry()
                            } catch {
                                return failures.append("\(error)")
                            }
                        }
                        failures.append("\(app): still locked after 20 tries")
                    }
                    for _ in 0..<increments {
                        increment("shared")
                        increment("own\(index)")
                    }
                    done.signal()
                }
                thread.start()
            }
            for _ in 0..<threads { done.wait() }
            #expect(failures.entries.isEmpty, "\(failures.entries)")
            print("EngineSettingsStoreTests: \(failures.retries) write(s) refused as locked and tried again")
            let apps = try SettingsStore(directory: directory.url).allApps()
            #expect(apps["shared"]?.requestedOptions.rawValue == UInt(threads * increments))
            for index in 0..<threads {
                #expect(apps["own\(index)"]?.requestedOptions.rawValue == UInt(increments))
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
            #expect(names == ["settings.json", "settings.lock"])
        }
    }

    @Test(
        "invalid app identifiers are rejected by every operation",
        arguments: [
            "", String(repeating: "a", count: 256), "a/b", "/", "a\u{0}b", "line\nbreak", "tab\t", "del\u{7F}",
            "c1\u{85}",
        ]
    )
    func invalidIdentifiers(identifier: String) throws {
        let directory = try EngineTemporaryDirectory()
        let store = SettingsStore(directory: directory.url)
        for attempt in 0..<3 {
            let error = try #require(throws: StoreError.self) {
                switch attempt {
                case 0: _ = try store.settings(for: identifier)
                case 1: try store.update(identifier) { $0.authorization = .authorized }
                default: try store.reset(identifier)
                }
            }
            guard case .invalidAppIdentifier(let rejected, _) = error.reason else {
                Issue.record("expected invalidAppIdentifier, got \(error.reason)")
                continue
            }
            #expect(rejected == identifier)
        }
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
    }

    @Test(
        "valid identifiers: reverse DNS, Unicode, 255 bytes",
        arguments: [
            "com.example.App", "日本語アプリ", "my app (beta)", String(repeating: "x", count: 255),
        ])
    func validIdentifiers(identifier: String) throws {
        let directory = try EngineTemporaryDirectory()
        let store = SettingsStore(directory: directory.url)
        try store.update(identifier) { $0.authorization = .denied }
        #expect(try store.settings(for: identifier).authorization == .denied)
    }

    @Test("the default directory follows XDG_STATE_HOME, else HOME")
    func defaultDirectory() throws {
        #expect(
            try SettingsStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]).path
                == "/x/state/unotify")
        #expect(
            try SettingsStore.defaultDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/u"]).path
                == "/home/u/.local/state/unotify")
        #expect(
            try SettingsStore.defaultDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.local/state/unotify")
        // No HOME: the password database.
        #expect(try SettingsStore.defaultDirectory(environment: [:]).path.hasSuffix("/.local/state/unotify"))
    }

    private func mode(of path: String) throws -> mode_t {
        var status = stat()
        guard stat(path, &status) == 0 else { throw StoreError(.unreadable(errno: errno), path: path) }
        return status.st_mode & 0o7777
    }
}
