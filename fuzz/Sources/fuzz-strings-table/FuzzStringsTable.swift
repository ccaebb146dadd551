import FuzzSupport
import NotificationAgent

// An app's `Localizable.strings` (read for pushed loc keys): text → its key/value pairs, then
// each value used as a format with a few arguments, as a pushed alert's loc-args are.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringsTable(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let table = AppStringsTable(entries: AppStringsTable.parse(fuzzText(bytes, count)))
    for key in table.entries.keys.prefix(8) {
        _ = APNsAlertText.localized(key: key, arguments: ["a", "42", "-1.5"]).resolved(in: table)
    }
    return 0
}
