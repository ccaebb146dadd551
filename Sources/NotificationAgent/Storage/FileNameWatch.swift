import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Calls back each time a file of one name in a directory is created, replaced, written or
/// has its mode changed (inotify on the directory, so a file renamed over it, deleted and made
/// again, or written in place is seen alike). Several events read at once make one call.
final class FileNameWatch: @unchecked Sendable {
    private let descriptor: Int32
    private let source: any DispatchSourceRead

    /// Starts watching `name` in `directory` on `queue`, where `onChange` runs.
    ///
    /// - Throws: ``StoreError`` when the directory cannot be watched (it does not exist).
    convenience init(
        name: String, in directory: String, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void
    ) throws(StoreError) {
        try self.init(name: Optional(name), in: directory, queue: queue, onChange: onChange)
    }

    /// Starts watching every name in `directory` on `queue`, where `onChange` runs.
    ///
    /// - Throws: ``StoreError`` when the directory cannot be watched (it does not exist).
    convenience init(directory: String, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void)
        throws(StoreError)
    {
        try self.init(name: nil, in: directory, queue: queue, onChange: onChange)
    }

    private init(name: String?, in directory: String, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void)
        throws(StoreError)
    {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw StoreError(.unreadable(errno: errno), path: directory)
        }
        self.descriptor = descriptor
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE)
        guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
            let number = errno
            close(descriptor)
            throw StoreError(.unreadable(errno: number), path: directory)
        }
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler {
            let names = Self.readEvents(descriptor)
            if let name, !names.contains(name) { return }
            if !names.isEmpty { onChange() }
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
    }

    /// Stops watching.
    func cancel() {
        source.cancel()
    }

    deinit {
        source.cancel()
    }

    /// Reads every queued event of the inotify instance `descriptor`; the names they are about.
    static func readEvents(_ descriptor: Int32) -> Set<String> {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var names: Set<String> = []
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return names }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                let nameBytes = buffer[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 }
                names.insert(String(decoding: nameBytes, as: UTF8.self))
                offset += header + length
            }
        }
    }
}
