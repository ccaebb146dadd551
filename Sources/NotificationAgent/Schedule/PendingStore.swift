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
///   a newer version, is a `StoreError` that names it and says what to do; it is never
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
    package static let temporaryPrefix = DocumentFile<PendingFile>.temporaryPrefix

    /// The store's directory.
    package let directory: URL
    private let file: DocumentFile<PendingFile>

    /// A store keeping `pending.json` in `directory` (created 0700 on the first save).
    package init(directory: URL) {
        self.directory = directory
        file = DocumentFile(directory: directory, prettyPrinted: false)
    }

    /// The file, `pending.json`.
    package var fileURL: URL { file.url }

    /// The pending notifications saved last, in the order they were saved; none when there is
    /// no file.
    ///
    /// - Throws: `StoreError` naming the file when it cannot be read, is not valid (not
    ///   JSON, wrong shape, an invalid trigger, a date that is not finite, an app and
    ///   identifier twice), or has a newer format version.
    package func load() throws(StoreError) -> [PendingNotification] {
        try loadAll().pending
    }

    /// The pending notifications and those that were being fired (`PendingFile.firing`) when
    /// the file was saved last, and the zone their floating calendar dates were computed in
    /// (`PendingFile.timeZone`: `nil` in a file from before it was kept); empty when there is
    /// no file.
    ///
    /// - Throws: as `load()`.
    package func loadAll() throws(StoreError) -> (
        pending: [PendingNotification], firing: [PendingNotification], timeZone: String?
    ) {
        let loaded = try file.load()
        return (loaded.pending, loaded.firing ?? [], loaded.timeZone)
    }

    /// Replaces the file with `pending` (for example `ScheduleQueue.allPending`), atomically;
    /// `firing`: the notifications taken out of the schedule and not yet handed to the server
    /// (see `PendingFile.firing`); `timeZone`: the zone floating calendar dates were computed in
    /// (`ScheduleQueue.calendarTimeZone`).
    ///
    /// - Throws: `StoreError` naming the directory or file when it cannot be written; the old
    ///   file is then left as it was.
    package func save(
        _ pending: [PendingNotification], firing: [PendingNotification] = [], timeZone: TimeZone? = nil
    ) throws(StoreError) {
        try file.save(
            PendingFile(
                version: PendingFile.currentVersion, pending: pending,
                firing: firing.isEmpty ? nil : firing, timeZone: timeZone?.identifier))
    }
}
