import Foundation

/// Desktops that the cases of the end-to-end matrix share, one case at a time.
///
/// Starting a desktop was most of what a short case cost (measured: dunst 0.6 s, Cinnamon
/// 1.4 s, Enlightenment 5.9 s, for cases that then ran in about a second), and the matrix runs
/// some 190 cases. A ``MatrixSession`` gives its desktop back here when it ends, with its bus
/// monitor; the next session for the same server takes it, and cleans it
/// before its case sees it (``MatrixSession``): a desktop that cannot be cleaned is stopped, and
/// that case gets a fresh one.
///
/// What is still here when the test process exits is stopped then. The desktops live under
/// `UNOTIFY_RUN_DIR` when it is set, where `scripts/test` stops what a killed run left behind.
public final class DesktopPool: @unchecked Sendable {
    /// A desktop given back, and the monitor that saw what its last case did on it.
    public struct Returned: Sendable {
        public let desktop: TestDesktop
        /// Still running, so that what the case's agent sent as the case ended is seen too.
        public let monitor: BusMonitor
        /// Every id up to this one was closed before the case began.
        public let closedThrough: UInt32
    }

    public static let shared = DesktopPool()

    /// How many desktops of one kind wait here at most; one given back beyond it is stopped.
    static let idleLimit = 2

    private let lock = NSLock()
    private var idle: [String: [Returned]] = [:]

    private init() {
        atexit { DesktopPool.shared.stopAll() }
    }

    /// Where a shared desktop's state directory is made.
    public static var directory: URL {
        guard let run = ProcessInfo.processInfo.environment["UNOTIFY_RUN_DIR"], run.hasPrefix("/") else {
            return FileManager.default.temporaryDirectory
        }
        let url = URL(fileURLWithPath: run).appendingPathComponent("desktops")
        // try?: a folder that cannot be made fails the desktop's start next, with its own error
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A desktop of kind `key` given back earlier, if one waits; the caller cleans it.
    public func take(_ key: String) -> Returned? {
        lock.withLock { idle[key]?.popLast() }
    }

    /// Keeps `returned` for the next case of kind `key`, or stops it when enough wait already.
    public func giveBack(_ returned: Returned, key: String) {
        let kept = lock.withLock {
            guard idle[key, default: []].count < Self.idleLimit else { return false }
            idle[key, default: []].append(returned)
            return true
        }
        if !kept { returned.desktop.stop() }
    }

    /// Stops every desktop that waits here (at exit).
    func stopAll() {
        let all = lock.withLock {
            defer { idle = [:] }
            return idle.values.flatMap { $0 }
        }
        for returned in all { returned.desktop.stop() }
    }
}
