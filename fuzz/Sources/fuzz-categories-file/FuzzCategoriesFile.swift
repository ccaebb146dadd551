import Foundation
import FuzzSupport
@testable import NotificationAgent

// The agent's categories file, `categories.json`, as `GetCategories` reads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCategoriesFile(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    writeFuzzFile("categories.json", fuzzData(bytes, count))
    let store = CategoryStore(directory: fuzzScratchDirectory)
    _ = try? store.categories(for: "org.example.app")
    return 0
}
