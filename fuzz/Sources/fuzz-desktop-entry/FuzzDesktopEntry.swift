import Foundation
import FuzzSupport
@testable import NotificationAgent

// An app's `.desktop` file, read with GLib's desktop-entry support as the agent reads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDesktopEntry(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = AppDesktopEntry.parse(Array(fuzzData(bytes, count)), id: "org.example.app")
    return 0
}
