import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Calls back when the file that defines the local time zone (`/etc/localtime`, or the file
/// `TZ` names) is replaced, with the zone it now names.
///
/// The watch is on the file's directory (inotify), so a replacement is seen however it is
/// made: a new symlink renamed over the old one (`timedatectl set-timezone`), `ln -sf`
/// (delete, then create), or a copy written in place (a copy is named by its bytes, see
/// ``ZoneInfoFile``). Several events of one replacement make
/// one call: the zone is read again after each and reported only when it differs.
final class TimeZoneFileWatch: @unchecked Sendable {
    private let descriptor: Int32
    private let source: any DispatchSourceRead
    private let name: String
    private let path: String
    /// The zone last reported (or found at the start). Guarded by the source's queue.
    private var current: String?

    /// Starts watching `path` on `queue`; `onChange` runs there with each new zone.
    ///
    /// - Throws: ``TimeChangeError`` when the directory cannot be watched (it does not exist).
    init(path: String, queue: DispatchQueue, onChange: @escaping @Sendable (TimeZone?) -> Void) throws {
        let url = URL(fileURLWithPath: path)
        self.path = path
        name = url.lastPathComponent
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw TimeChangeError.system("inotify_init1", errno) }
        self.descriptor = descriptor
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB)
        guard inotify_add_watch(descriptor, url.deletingLastPathComponent().path, mask) >= 0 else {
            let number = errno
            close(descriptor)
            throw TimeChangeError.system("inotify_add_watch(\(url.deletingLastPathComponent().path))", number)
        }
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        current = Self.zoneIdentifier(at: path)
        source.setEventHandler { [self] in
            guard readEventsNameTheFile() else { return }
            let now = Self.zoneIdentifier(at: self.path)
            guard now != current else { return }
            current = now
            onChange(now.flatMap(TimeZone.init(identifier:)))
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
    }

    /// Stops watching.
    func cancel() {
        source.cancel()
    }

    /// The zone `path` defines, e.g. `Europe/Paris`, whether a link or a copy
    /// (``ZoneInfoFile/identifier(at:zoneInfo:)``); `nil` when it is missing or no known zone.
    static func zoneIdentifier(at path: String) -> String? {
        ZoneInfoFile.identifier(at: path)
    }

    /// Reads every queued event; whether one of them is about the watched file's name.
    private func readEventsNameTheFile() -> Bool {
        FileNameWatch.readEvents(descriptor).contains(name)
    }
}
