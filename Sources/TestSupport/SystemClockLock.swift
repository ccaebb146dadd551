import Foundation

/// Keeps tests that set the system's wall clock apart from tests that count an idle process's
/// wake-ups. Setting the clock (`clock_settime`, as root) rightly wakes every process that waits
/// for it (the agent's `timerfd` with `TFD_TIMER_CANCEL_ON_SET`), so an idle agent watched while
/// another test set the clock woke twice in a full run. Tests of every target run in one process
/// and in parallel: a file lock (`flock`) holds across all of them. Counting windows hold it
/// shared, a setting of the clock exclusively; every wait for it is bounded.
public enum SystemClockLock {
    static let path = FileManager.default.temporaryDirectory.appendingPathComponent("unotify-tests-system-clock.lock")
        .path

    /// Runs `body` while no test sets the clock (other counting windows may run alongside).
    public static func whileTheClockStandsStill<T>(timeout: Duration = .seconds(120), _ body: () async throws -> T)
        async throws -> T
    {
        let descriptor = try await acquire(LOCK_SH, timeout: timeout)
        defer { close(descriptor) }
        return try await body()
    }

    /// Runs `body`, which sets the clock, while no counting window is open.
    public static func settingTheClock<T>(timeout: Duration = .seconds(120), _ body: () throws -> T) async throws -> T {
        let descriptor = try await acquire(LOCK_EX, timeout: timeout)
        defer { close(descriptor) }
        return try body()
    }

    /// The lock's file, locked with `operation`; polled without blocking a thread.
    private static func acquire(_ operation: Int32, timeout: Duration) async throws -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw TestSupportError("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while flock(descriptor, operation | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, clock.now < deadline else {
                close(descriptor)
                throw TestSupportError("the system clock lock \(path) was not free within \(timeout)")
            }
            do {
                try await Task.sleep(for: .milliseconds(20))
            } catch {
                close(descriptor)
                throw error
            }
        }
        return descriptor
    }
}
