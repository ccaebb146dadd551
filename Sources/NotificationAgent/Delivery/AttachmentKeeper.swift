import NotificationAgentClient
import Foundation

/// The agent's own copies of image attachments, so that a popup still shows its image after the
/// caller deleted or changed its file: `<state>/attachments/<random>.<ext>`, 0600, removed when
/// the notification is closed.
struct AttachmentKeeper: Sendable {
    let directory: URL

    init(stateDirectory: URL) {
        directory = stateDirectory.appendingPathComponent("attachments", isDirectory: true)
    }

    /// The largest image kept: 10 MB.
    static let sizeLimit = 10 * 1024 * 1024

    /// `keep(_:)` off the caller's executor (the agent's actor answers D-Bus calls and must not
    /// wait for a disk).
    func keepInBackground(_ path: String) async throws -> String {
        try await Task.detached { try self.keep(path) }.value
    }

    /// Copies `path`; throws an error that names the file when it cannot be read. Only a
    /// regular file of at most `sizeLimit` bytes is read, never blocking (a FIFO is refused).
    func keep(_ path: String) throws -> String {
        let bytes: [UInt8]
        do {
            guard let read = try PrivateFileSystem.read(path, limit: Self.sizeLimit) else {
                throw AgentError(.invalidArgument, "the attachment \(AgentError.quote(path)) does not exist")
            }
            bytes = read
        } catch let error as StoreError {
            throw AgentError(
                .invalidArgument,
                "the attachment cannot be used: \(error.description) "
                    + "(an image must be a regular file of at most 10 MB)")
        }
        try PrivateFileSystem.makePrivateDirectory(directory.path)
        let name = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let ext = URL(fileURLWithPath: path).pathExtension
        let copy = directory.appendingPathComponent(name + (ext.isEmpty ? "" : "." + ext.lowercased()))
        try PrivateFileSystem.writeAtomically(
            bytes, to: copy.path, in: directory.path, temporaryPrefix: ".attachment.tmp-")
        return copy.path
    }

    /// Removes a copy this keeper made (paths elsewhere are left alone).
    func release(_ path: String?) {
        guard let path, path.hasPrefix(directory.path + "/") else { return }
        // try?: an attachment copy already gone needs no removal; one left is in the agent's private folder
        try? FileManager.default.removeItem(atPath: path)
    }
}
