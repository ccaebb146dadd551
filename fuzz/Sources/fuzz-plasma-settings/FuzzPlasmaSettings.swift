import Foundation
import FuzzSupport
import NotificationAgentClient
@testable import NotificationAgent

// KDE Plasma's `plasmanotifyrc` as the agent reads and edits it: KConfig's format parsed, an
// app's settings read through it, and an edit made and parsed again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlasmaSettings(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = fuzzData(bytes, count)
    if let document = try? KConfigDocument(bytes: Array(data)) {
        let edited = document.setting(
            [("ShowPopups", "false"), ("ShowInHistory", nil)], in: ["Applications", "org.example.app"])
        guard (try? KConfigDocument(bytes: edited)) != nil else { fatalError("an edit made the file unreadable") }
    }
    writeFuzzFile("plasmanotifyrc", data)
    let store = PlasmaNotificationSettings(
        environment: [
            "HOME": fuzzScratchDirectory.path, "XDG_CONFIG_HOME": fuzzScratchDirectory.path,
            "XDG_CONFIG_DIRS": "/nonexistent",
        ],
        desktopEntry: { $0 })
    _ = try? store.applying(to: AppSettings.authorized(requesting: [.alert]), app: "org.example.app")
    return 0
}
