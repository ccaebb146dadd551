import Foundation
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// The one persistence layer under the settings, pending and categories stores: the same
/// privacy, the same atomic replace, and errors that name the file and say what to do.
@Suite struct StorageDocumentFileTests {
    @Test func categoriesRoundTripPrivatelyUnderTheirOwnLock() async throws {
        let directory = try TemporaryDirectory("unotify-storage")
        let state = directory.url.appendingPathComponent("unotify")
        let store = CategoryStore(directory: state)
        #expect(try store.categories(for: "org.example.Tea").isEmpty)
        let category = CategoryRecord(identifier: "brew", actions: [.init(identifier: "again", title: "Again")])
        try await store.set([category], for: "org.example.Tea")
        #expect(try CategoryStore(directory: state).categories(for: "org.example.Tea") == [category])
        let names = try FileManager.default.contentsOfDirectory(atPath: state.path).sorted()
        #expect(names == ["categories.json", "categories.lock"])
        let file = try FileManager.default.attributesOfItem(
            atPath: state.appendingPathComponent("categories.json").path)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: state.path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        try await store.set([], for: "org.example.Tea")
        #expect(try store.categories(for: "org.example.Tea").isEmpty)
    }

    /// Each store's file, corrupt and from a newer version: the error names the file, what it
    /// holds and what to do, and the file is left as it was.
    @Test(arguments: [
        ("settings.json", "notification settings"), ("pending.json", "pending notifications"),
        ("categories.json", "notification categories"),
    ])
    func aBadFileIsNamedAndLeftAlone(_ name: String, _ noun: String) throws {
        let directory = try TemporaryDirectory("unotify-storage")
        let file = directory.url.appendingPathComponent(name)
        for (contents, says) in [
            ("{not json", "is corrupt (not valid JSON)"), (#"{"version": 9}"#, "has format version 9, newer"),
        ] {
            try Data(contents.utf8).write(to: file)
            let error = try #require(Self.loadError(name, directory.url))
            #expect(error.description.contains("the \(noun) file \(file.path) \(says)"), "\(error)")
            #expect(error.description.contains("mv '\(file.path)'"), "\(error)")
            #expect(try String(contentsOf: file, encoding: .utf8) == contents)
        }
    }

    static func loadError(_ name: String, _ directory: URL) -> StoreError? {
        do {
            switch name {
            case "settings.json": _ = try SettingsStore(directory: directory).allApps()
            case "pending.json": _ = try PendingStore(directory: directory).load()
            default: _ = try CategoryStore(directory: directory).categories(for: "org.example.Tea")
            }
            return nil
        } catch let error as StoreError {
            return error
        } catch {
            return nil
        }
    }
}
