import Foundation
import FuzzSupport
import NotificationAgent

// The settings file, `settings.json`, as the agent and `unotify settings` read it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSettingsFile(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    writeFuzzFile("settings.json", fuzzData(bytes, count))
    let store = SettingsStore(directory: fuzzScratchDirectory)
    guard let apps = try? store.allApps() else { return 0 }
    for app in apps.keys.prefix(4) {
        do {
            _ = try store.settings(for: app)
        } catch {
            fuzzInvariant(false, "app \(app.debugDescription) is listed but its settings do not read: \(error)")
        }
    }
    return 0
}
