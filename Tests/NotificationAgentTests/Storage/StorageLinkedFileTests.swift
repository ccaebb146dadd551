import Foundation
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

#if canImport(Glibc)
    import Glibc
#endif

/// The agent's own files, linked or frozen by the user as `plasmanotifyrc` can be: a save goes
/// through a symbolic link to its target (kept private, 0600), and a file made read-only is
/// refused, named, and left as it is.
@Suite struct StorageLinkedFileTests {
    @Test func aLinkedSettingsFileStaysALink() throws {
        let state = try TemporaryDirectory("unotify-storage")
        let elsewhere = try TemporaryDirectory("unotify-dotfiles")
        let target = elsewhere.url.appendingPathComponent("settings.json").path
        let link = state.url.appendingPathComponent("settings.json").path
        let store = SettingsStore(directory: state.url)
        try store.update("org.example.Tea") { $0 = AppSettings.denied(requesting: [.alert]) }
        #expect(rename(link, target) == 0 && chmod(target, 0o640) == 0 && symlink(target, link) == 0)
        try store.update("org.example.Tea") { $0 = AppSettings.authorized(requesting: [.alert]) }
        var status = stat()
        #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the link was replaced")
        #expect(stat(target, &status) == 0 && status.st_mode & 0o7777 == 0o600, "the agent's files stay private")
        #expect(try SettingsStore(directory: state.url).settings(for: "org.example.Tea").authorization == .authorized)
    }

    @Test func aReadOnlySettingsFileIsRefusedAndKept() throws {
        let state = try TemporaryDirectory("unotify-storage")
        let store = SettingsStore(directory: state.url)
        try store.update("org.example.Tea") { $0 = AppSettings.denied(requesting: [.alert]) }
        let file = state.url.appendingPathComponent("settings.json").path
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(chmod(file, 0o400) == 0)
        let error = #expect(throws: StoreError.self) {
            try store.update("org.example.Tea") { $0 = AppSettings.authorized(requesting: [.alert]) }
        }
        #expect(error?.description.contains("is read-only (mode 400)") == true, "\(String(describing: error))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(try SettingsStore(directory: state.url).settings(for: "org.example.Tea").authorization == .denied)
    }
}
