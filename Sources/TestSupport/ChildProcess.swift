import CSpawn
import Foundation

/// A child process started with `posix_spawn`, its stdout and stderr captured, every wait bounded.
///
/// Foundation's `Process` is not used: on these machines its `isRunning` and `waitUntilExit()`
/// did not notice a child's exit from a test task, and spun instead.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    private let stdoutFD: Int32
    private let stderrFD: Int32
    private let lock = NSLock()
    private var stdoutData = Data()
    private var stderrData = Data()
    private var exitStatus: Int32?
    /// The child was reaped by someone else (`ECHILD`): it is gone and its status is unknown.
    private var reapedElsewhere = false

    /// Starts `executable` with `arguments` and `environment` (nil: inherit).
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        // Close-on-exec: no other child, started meanwhile, holds this one's output open.
        guard unotify_pipe_close_on_exec(&outPipe) == 0, unotify_pipe_close_on_exec(&errPipe) == 0 else {
            throw TestSupportError("pipe() failed")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // Nothing else: a descriptor this process (any thread) has open without close-on-exec,
        // such as the one Foundation writes a file through, would otherwise stay open as long as
        // the child lives (and a script being written could not be run: "Text file busy").
        let closing = unotify_spawn_close_from(&actions, 3)
        guard closing == 0 else {
            for descriptor in outPipe + errPipe { close(descriptor) }
            throw TestSupportError("cannot start \(executable): \(String(cString: strerror(closing)))")
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }
        // A test thread may block signals; the child must not inherit that mask or SIGTERM is lost.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaultSignals, signal) }
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attributes, argv, env)
        close(outPipe[1])
        close(errPipe[1])
        guard rc == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            throw TestSupportError("cannot start \(executable): \(String(cString: strerror(rc))); is it installed?")
        }
        pid = child
        stdoutFD = outPipe[0]
        stderrFD = errPipe[0]
        _ = fcntl(stdoutFD, F_SETFL, fcntl(stdoutFD, F_GETFL) | O_NONBLOCK)
        _ = fcntl(stderrFD, F_SETFL, fcntl(stderrFD, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        if exitStatus == nil, !reapedElsewhere {
            kill(pid, SIGKILL)
            _ = waitUntilGone(timeout: 5)
        }
        close(stdoutFD)
        close(stderrFD)
    }

    /// Everything the child wrote to stdout so far.
    public var standardOutput: String {
        pump()
        return lock.withLock { String(decoding: stdoutData, as: UTF8.self) }
    }

    /// Everything the child wrote to stderr so far.
    public var standardError: String {
        pump()
        return lock.withLock { String(decoding: stderrData, as: UTF8.self) }
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) { kill(pid, signal) }

    /// Waits until stdout (stderr with `inStandardError`) holds a line for which `predicate` is
    /// true; returns that line.
    public func waitForLine(
        timeout: TimeInterval, inStandardError: Bool = false, _ predicate: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        let output = { inStandardError ? self.standardError : self.standardOutput }
        while Date() < deadline {
            if let line = output().split(separator: "\n").map(String.init).first(where: predicate) {
                return line
            }
            if hasExited { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        if let line = output().split(separator: "\n").map(String.init).first(where: predicate) { return line }
        throw TestSupportError(
            "no expected line within \(timeout) s; stdout: \(standardOutput) stderr: \(standardError)")
    }

    /// The same wait, blocking the thread: only for the short start-up of a helper daemon.
    public func waitForLineBlocking(timeout: TimeInterval, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, !hasExited {
            if let line = standardOutput.split(separator: "\n").map(String.init).first(where: predicate) { return line }
            usleep(2_000)
        }
        if let line = standardOutput.split(separator: "\n").map(String.init).first(where: predicate) { return line }
        throw TestSupportError("no expected line within \(timeout) s; stderr: \(standardError)")
    }

    /// Whether the child has exited (reaps it if so).
    public var hasExited: Bool {
        if lock.withLock({ exitStatus != nil || reapedElsewhere }) { return true }
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        if reaped == -1, errno == ECHILD {
            // Already reaped elsewhere (SIGCHLD ignored, or a reaper thread): gone, status unknown.
            lock.withLock { reapedElsewhere = true }
            return true
        }
        guard reaped == pid else { return false }
        lock.withLock { exitStatus = status }
        return true
    }

    /// Waits for the child to exit without blocking a thread; returns its exit code (128 + signal
    /// when killed).
    @discardableResult
    public func wait(timeout: TimeInterval) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while !hasExited {
            guard Date() < deadline else {
                throw TestSupportError("process \(pid) still running after \(timeout) s; stderr: \(standardError)")
            }
            pump()
            try await Task.sleep(for: .milliseconds(2))
        }
        return try exitCode()
    }

    /// The same wait, blocking the calling thread: only for clean-up outside async code.
    @discardableResult
    public func waitBlocking(timeout: TimeInterval) throws -> Int32 {
        guard waitUntilGone(timeout: timeout) else {
            throw TestSupportError("process \(pid) still running after \(timeout) s")
        }
        return try exitCode()
    }

    /// Whether the child is gone within `timeout` (blocking); its status is not needed here.
    private func waitUntilGone(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !hasExited {
            guard Date() < deadline else { return false }
            usleep(2_000)
        }
        return true
    }

    /// The exit code read by `waitpid`; an error when the child was reaped elsewhere, since its
    /// status is then unknown and inventing one would let a test pass by accident.
    private func exitCode() throws -> Int32 {
        pump()
        guard let status = lock.withLock({ exitStatus }) else {
            throw TestSupportError("process \(pid) was reaped by someone else (ECHILD): its exit status is unknown")
        }
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }

    /// Stops the child: SIGTERM, then SIGKILL after `grace` seconds.
    public func stop(grace: TimeInterval = 5) {
        guard !hasExited else { return }
        kill(pid, SIGTERM)
        if !waitUntilGone(timeout: grace) {
            kill(pid, SIGKILL)
            _ = waitUntilGone(timeout: 5)
        }
    }

    private func pump() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        for (fd, isOut) in [(stdoutFD, true), (stderrFD, false)] {
            while true {
                let count = read(fd, &buffer, buffer.count)
                guard count > 0 else { break }
                lock.withLock {
                    if isOut {
                        stdoutData.append(contentsOf: buffer[0..<count])
                    } else {
                        stderrData.append(contentsOf: buffer[0..<count])
                    }
                }
            }
        }
    }
}
