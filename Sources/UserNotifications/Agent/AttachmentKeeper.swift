import Foundation

/// The agent's own copies of image attachments, so that a popup still shows its image after the
/// caller deleted or changed its file: `<state>/attachments/<random>.<ext>`, 0600, removed when
/// the notification is closed.
struct AttachmentKeeper: Sendable {
    let directory: URL

    init(stateDirectory: URL) {
        directory = stateDirectory.appendingPathComponent("attachments", isDirectory: true)
    }

    /// Copies `path`; throws an error that names the file when it cannot be read.
    func keep(_ path: String) throws -> String {
        let source = URL(fileURLWithPath: path)
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw AgentError(.invalidArgument, "the attachment \(path) does not exist or is not a file")
        }
        let size = (try? manager.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= 10 * 1024 * 1024 else {
            throw AgentError(.invalidArgument, "the image \(path) is larger than 10 MB, the limit for images")
        }
        try manager.createDirectory(at: directory, withIntermediateDirectories: true,
                                    attributes: [.posixPermissions: 0o700])
        let name = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let ext = source.pathExtension.isEmpty ? "" : "." + source.pathExtension.lowercased()
        let copy = directory.appendingPathComponent(name + ext)
        do {
            try manager.copyItem(at: source, to: copy)
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: copy.path)
        } catch {
            throw AgentError(.invalidArgument, "cannot read the attachment \(path): \(error.localizedDescription)")
        }
        return copy.path
    }

    /// Removes a copy this keeper made (paths elsewhere are left alone).
    func release(_ path: String?) {
        guard let path, path.hasPrefix(directory.path + "/") else { return }
        try? FileManager.default.removeItem(atPath: path)
    }
}
