import Foundation
import FuzzSupport
import NotificationAgent

// The pending file, `pending.json`, as the agent reads it when it starts: loaded, then queued
// and asked for what is due next.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPendingFile(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    writeFuzzFile("pending.json", fuzzData(bytes, count))
    guard let pending = try? PendingStore(directory: fuzzScratchDirectory).load() else { return 0 }
    let queue = ScheduleQueue(pending, calendarTimeZone: TimeZone(identifier: "Europe/Paris") ?? .current)
    fuzzInvariant(queue.count == pending.count, "\(pending.count) loaded but \(queue.count) queued")
    _ = queue.nextDue
    return 0
}
