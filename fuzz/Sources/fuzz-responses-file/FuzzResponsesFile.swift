import Foundation
import FuzzSupport
@testable import NotificationAgent

// The responses waiting for their apps as the agent loads them at start: `responses.journal`
// (an input whose first byte is even), or an old `responses.json` it takes over (odd).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponsesFile(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = fuzzData(bytes, count)
    let journal = (data.first ?? 0) % 2 == 0
    let other = fuzzScratchDirectory.appendingPathComponent(journal ? "responses.json" : "responses.journal")
    try? FileManager.default.removeItem(at: other)
    writeFuzzFile(journal ? "responses.journal" : "responses.json", data.dropFirst())
    if let queued = try? ResponseQueueStore(directory: fuzzScratchDirectory).load() {
        _ = ResponseRouter(queued: queued)
    }
    return 0
}
