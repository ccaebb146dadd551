import CSpawn
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Calls back once when a process exits, however it ends (SIGKILL included): a `pidfd` that
/// the kernel makes readable then. No polling, no wake-up before.
final class ProcessExitWatch: @unchecked Sendable {
    private let source: any DispatchSourceRead

    /// Watches `pid` on `queue`; nil when it cannot (no such process: it has exited already,
    /// or a kernel older than 5.3).
    init?(pid: Int32, queue: DispatchQueue, onExit: @escaping @Sendable () -> Void) {
        let descriptor = unotify_pidfd_open(pid)
        guard descriptor >= 0 else { return nil }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        // The descriptor stays readable: the first event cancels the source (which releases
        // this handler, and with it the source it holds).
        source.setEventHandler {
            source.cancel()
            onExit()
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
        self.source = source
    }

    /// Stops watching.
    func cancel() {
        source.cancel()
    }

    deinit {
        source.cancel()
    }
}
