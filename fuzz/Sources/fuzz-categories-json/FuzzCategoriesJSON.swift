import Foundation
import FuzzSupport
import NotificationAgentClient

// The categories JSON of `unotify categories --set` / the agent's `SetCategories`, decoded and
// validated as the agent does. Categories that pass must survive the store's encode → decode.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCategoriesJSON(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let records = try? JSONDecoder().decode([CategoryRecord].self, from: fuzzData(bytes, count)) else { return 0 }
    for record in records {
        guard (try? record.validate()) != nil else { return 0 }
    }
    do {
        let again = try JSONDecoder().decode([CategoryRecord].self, from: try JSONEncoder().encode(records))
        fuzzInvariant(again == records, "categories changed through encode/decode: \(records) → \(again)")
    } catch {
        fuzzInvariant(false, "valid categories do not encode and decode again: \(error)")
    }
    return 0
}
