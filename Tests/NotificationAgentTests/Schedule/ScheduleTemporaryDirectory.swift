import Foundation

/// A fresh directory under the system's temporary directory for the schedule tests, removed
/// when the value dies.
final class ScheduleTemporaryDirectory {
    /// The directory.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("unotify-schedule-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
