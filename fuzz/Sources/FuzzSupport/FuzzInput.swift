import Foundation

// Helpers for the fuzz targets. A fuzz target is an executable with one function exported as
// `LLVMFuzzerTestOneInput`, built with `--sanitize=fuzzer` (libFuzzer supplies `main`): it
// feeds the bytes to one parser and returns 0. Expected errors are caught inside; a trap (a
// crash, a failed precondition, a stack overflow) or a broken ``fuzzInvariant(_:_:)`` is what
// libFuzzer reports, leaving the input in its `-artifact_prefix`.

/// The input libFuzzer gives as `Data` (its pointer is `nil` for the empty input).
public func fuzzData(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
    guard let bytes, count > 0 else { return Data() }
    return Data(bytes: bytes, count: count)
}

/// The input as `[UInt8]`.
public func fuzzBytes(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let bytes, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: bytes, count: count))
}

/// The input as text, invalid UTF-8 replaced by U+FFFD (as a command line or D-Bus peer
/// would never give it, but the parsers take `String`).
public func fuzzText(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> String {
    String(decoding: fuzzBytes(bytes, count), as: UTF8.self)
}

/// Stops the process with `message` when an invariant of the code under test breaks: a
/// finding, as much as a crash in the code itself.
public func fuzzInvariant(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz invariant broken: \(message())") }
}

/// A private directory for the targets that read files (the stores), made once per process.
public let fuzzScratchDirectory: URL = {
    let template = FileManager.default.temporaryDirectory.appendingPathComponent("unotify-fuzz-XXXXXX").path
    var path = Array(template.utf8CString)
    let made = path.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
    guard made != nil else { fatalError("cannot make a scratch directory under \(template)") }
    // libFuzzer ends the process with exit(): the directory goes with it, not left in $TMPDIR.
    atexit { removeFuzzScratchDirectory() }
    return URL(fileURLWithPath: String(decoding: path.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
}()

/// Removes ``fuzzScratchDirectory`` and what the targets wrote in it, at the process's exit.
private func removeFuzzScratchDirectory() {
    // try?: at exit nothing is left to tell; a directory that cannot be removed stays behind
    try? FileManager.default.removeItem(at: fuzzScratchDirectory)
}

/// Writes the input as the file `name` in ``fuzzScratchDirectory`` (replacing it), for a store
/// to read back.
public func writeFuzzFile(_ name: String, _ data: Data) {
    let url = fuzzScratchDirectory.appendingPathComponent(name)
    do {
        try data.write(to: url)
    } catch {
        fatalError("cannot write \(url.path): \(error)")
    }
}
