import Foundation

/// The agent's pending notifications on disk: one versioned JSON file, `pending.json`,
/// `{"version":1,"pending":[…]}`, in the directory given (the agent passes
/// `$XDG_STATE_HOME/unotify`, by default `~/.local/state/unotify`).
///
/// - The directory is made mode 0700 and the file is written 0600: private to the user.
/// - `save` replaces the whole file atomically (a temporary file in the same directory,
///   `fsync`, `rename`): a reader, or the agent after a crash or SIGKILL, sees the old list or
///   the new one, never a mix.
/// - A missing file means nothing is pending. A corrupt or unreadable file, or one written by
///   a newer version, is a `PendingStoreError` that names it and says what to do; it is never
///   read as "nothing pending", so the agent does not overwrite it by saving an empty list.
/// - Dates are seconds since 1970 as JSON numbers, which round-trip exactly; a non-finite
///   volume is written as the string `"nan"`, `"inf"` or `"-inf"`.
///
/// There is one writer, the agent; the store takes no lock. A value holding only paths.
///
/// `save` and `load` cost O(n): about 1.5 s each and 35 MiB for 100 000 pending on the 2-core
/// reference machine (`benchmarks/schedule-scale`), well under a millisecond for a few dozen.
/// With many pending, save once after a burst of changes rather than after every one.
package struct PendingStore: Sendable {
    /// The prefix of the store's temporary files (`<prefix>XXXXXX`), so that the leftover of a
    /// crash is recognizable.
    package static let temporaryPrefix = ".pending.json.tmp-"

    /// The store's directory.
    package let directory: URL

    /// A store keeping `pending.json` in `directory` (created 0700 on the first save).
    package init(directory: URL) {
        self.directory = directory
    }

    /// The file, `pending.json`.
    package var fileURL: URL { directory.appendingPathComponent("pending.json", isDirectory: false) }

    /// The pending notifications saved last, in the order they were saved; none when there is
    /// no file.
    ///
    /// - Throws: `PendingStoreError` naming the file when it cannot be read, is not valid (not
    ///   JSON, wrong shape, an invalid trigger, a date that is not finite, an app and
    ///   identifier twice), or has a newer format version.
    package func load() throws(PendingStoreError) -> [PendingNotification] {
        try loadAll().pending
    }

    /// The pending notifications and those that were being fired (`PendingFile.firing`) when
    /// the file was saved last; both empty when there is no file.
    ///
    /// - Throws: as `load()`.
    package func loadAll() throws(PendingStoreError) -> (pending: [PendingNotification], firing: [PendingNotification]) {
        let path = fileURL.path
        guard let bytes = try PendingFileSystem.read(path) else { return ([], []) }
        let data = Data(bytes)
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let version: Int?
        do {
            version = try decoder.decode(PendingFileVersion.self, from: data).version
        } catch {
            throw PendingStoreError(.corrupt(Self.explain(error)), path: path)
        }
        guard let version else { throw PendingStoreError(.corrupt("it has no format \"version\""), path: path) }
        if version > PendingFile.currentVersion { throw PendingStoreError(.futureVersion(version), path: path) }
        guard version == PendingFile.currentVersion else {
            throw PendingStoreError(.corrupt("unknown format version \(version)"), path: path)
        }
        let file: PendingFile
        do {
            file = try decoder.decode(PendingFile.self, from: data)
        } catch {
            throw PendingStoreError(.corrupt(Self.explain(error)), path: path)
        }
        if let problem = Self.problem(in: file.pending, field: "pending")
            ?? Self.problem(in: file.firing ?? [], field: "firing")
        {
            throw PendingStoreError(.corrupt(problem), path: path)
        }
        return (file.pending, file.firing ?? [])
    }

    /// Replaces the file with `pending` (for example `ScheduleQueue.allPending`), atomically.
    ///
    /// - Throws: `PendingStoreError` naming the directory or file when it cannot be written;
    ///   the old file is then left as it was.
    /// `firing`: the notifications taken out of the schedule and not yet handed to the server
    /// (see `PendingFile.firing`).
    package func save(_ pending: [PendingNotification], firing: [PendingNotification] = []) throws(PendingStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data: Data
        do {
            data = try encoder.encode(PendingFile(
                version: PendingFile.currentVersion, pending: pending, firing: firing.isEmpty ? nil : firing))
        } catch {
            throw PendingStoreError(.unencodable("\(error)"), path: fileURL.path)
        }
        try PendingFileSystem.makePrivateDirectory(directory.path)
        try PendingFileSystem.writeAtomically(
            Array(data) + [0x0A], to: fileURL.path, in: directory.path, temporaryPrefix: Self.temporaryPrefix)
    }

    /// What makes `pending` invalid as a whole (a record no `save` of a valid queue writes),
    /// or `nil`.
    private static func problem(in pending: [PendingNotification], field: String) -> String? {
        var seen = Set<PendingKey>()
        seen.reserveCapacity(pending.count)
        for (index, notification) in pending.enumerated() {
            let place = "\(field)[\(index)]"
            if notification.app.isEmpty { return "\(place) has an empty app identifier" }
            if notification.identifier.isEmpty { return "\(place) has an empty identifier" }
            guard notification.anchor.isFinite, notification.nextFireDate.isFinite else {
                return "\(place) (\(notification.key)) has a date that is not a finite number"
            }
            do {
                try notification.trigger.validate()
            } catch {
                return "\(place) (\(notification.key)) has an invalid trigger: \(error)"
            }
            if !seen.insert(notification.key).inserted {
                return "\(place) (\(notification.key)) is pending twice"
            }
        }
        return nil
    }

    /// A decoding error as one line: what was wrong, and where (`pending.3.trigger`).
    private static func explain(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "not valid JSON" }
        let (context, what): (DecodingError.Context, String)
        switch decoding {
        case .typeMismatch(_, let c): (context, what) = (c, "wrong type")
        case .valueNotFound(_, let c): (context, what) = (c, "missing value")
        case .keyNotFound(let key, let c): (context, what) = (c, "missing \"\(key.stringValue)\"")
        case .dataCorrupted(let c):
            (context, what) = (c, c.codingPath.isEmpty ? "not valid JSON" : "invalid value: \(c.debugDescription)")
        @unknown default: return "cannot decode"
        }
        let location = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return location.isEmpty ? what : "\(what) at \(location)"
    }
}
