import Foundation

/// A fresh directory under the system's temporary directory, removed when this is released.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init(_ label: String = "unotify-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    // try?: deinit cannot throw; a folder left behind is removed with the system's /tmp
    deinit { try? FileManager.default.removeItem(at: url) }

    public var path: String { url.path }
}
