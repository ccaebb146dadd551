import Foundation

/// A fresh directory under the system's temporary directory, removed when this is released,
/// once the agents that keep their state in it have stopped (``StateDirectoryAgents``): an agent
/// still running would make it anew with its next save.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init(_ label: String = "unotify-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        // deinit cannot throw: what goes wrong is said on standard error, naming the folder left.
        let survivors = StateDirectoryAgents.stop(using: url.path)
        if !survivors.isEmpty {
            FileHandle.standardError.write(
                Data("TemporaryDirectory: unotifyd \(survivors) still runs after SIGKILL in \(url.path)\n".utf8))
        }
        do {
            try FileManager.default.removeItem(at: url)
        } catch CocoaError.fileNoSuchFile {
            // The test removed it itself: nothing is left.
        } catch {
            FileHandle.standardError.write(Data("TemporaryDirectory: \(url.path) is left: \(error)\n".utf8))
        }
    }

    public var path: String { url.path }
}
