import Foundation
import FuzzSupport
import NotificationAgentClient
import NotificationAgent

// The APNs payload of `unotify push` / the agent's `Push` method: JSON → APNsPayload → the
// request delivered, its loc keys resolved (with no strings table, the key is the format).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPNsPayload(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let payload = try? APNsPayload(json: fuzzData(bytes, count)) else { return 0 }
    _ = payload.deliveryRequest(identifier: "fuzz", strings: AppStringsTable())
    return 0
}
