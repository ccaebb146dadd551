import Foundation

/// A fresh directory under the system's temporary directory, removed when the value dies.
final class EngineTemporaryDirectory {
    /// The directory.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("unotify-engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
