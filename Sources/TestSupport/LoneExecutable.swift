import Foundation

/// A built executable alone in a folder of its own, as an app shipped alone sits: no `unotifyd`
/// beside it. The folder is beside the build's products and the executable a hard link to the
/// one built: a copy would be a file open for writing, which a process forked meanwhile by
/// another test can hold, and then running it fails with "Text file busy". The folder goes
/// with this value; stop what runs from it first.
public final class LoneExecutable: Sendable {
    /// The executable's path.
    public let path: String
    private let folder: String

    /// The product `name` of this build, alone.
    public init(product name: String) throws {
        let built = PackageRoot.binaryDirectory.appendingPathComponent(name).path
        folder =
            PackageRoot.binaryDirectory.deletingLastPathComponent()
            .appendingPathComponent("\(name)-alone-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/" + name
        guard link(built, path) == 0 else {
            throw TestSupportError("cannot link \(built) to \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        // try?: a folder left behind is in the build's scratch space, removed with it
        try? FileManager.default.removeItem(atPath: folder)
    }
}
