import Foundation
import FuzzSupport
@testable import NotificationAgent

// The responses waiting for their apps, `responses.json`, as the agent loads it at start.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponsesFile(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    writeFuzzFile("responses.json", fuzzData(bytes, count))
    if let queued = try? ResponseQueueStore(directory: fuzzScratchDirectory).load() {
        _ = ResponseRouter(queued: queued)
    }
    return 0
}
