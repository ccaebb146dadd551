import DBus
import Testing
import DesktopIntegration

/// The notice KConfig sends after writing a file, as `KConfigWatcher` (Plasma's notification
/// settings among them) listens for it.
@Suite struct KConfigChangeSignalTests {
    @Test func isConfigChangedFromTheFilesPathWithNestedGroupsJoined() throws {
        let message = try KConfigChangeSignal.message(
            fileName: "plasmanotifyrc", group: ["Applications", "org.example.Mail"], keys: ["ShowPopups"])
        #expect(message.path?.description == "/plasmanotifyrc")
        #expect(message.interface?.description == "org.kde.kconfig.notify")
        #expect(message.member?.description == "ConfigChanged")
        #expect(message.destination == nil)
        #expect(message.body.map(\.signature.description) == ["a{saay}"])
        guard case .dictionary(_, _, let entries) = message.body.first else {
            Issue.record("not a dictionary: \(message.body)")
            return
        }
        #expect(entries.map(\.key) == [.string("Applications\u{1d}org.example.Mail")])
        #expect(
            entries.map(\.value) == [
                .array(element: .array(.byte), [.array(element: .byte, "ShowPopups".utf8.map(DBusValue.byte))])
            ])
    }
}
