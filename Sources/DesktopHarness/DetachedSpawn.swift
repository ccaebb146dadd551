import CSpawn
import Glibc

/// Starts a daemon of the desktop: detached in a session of its own (so that stopping its
/// process group stops what it forks), its standard input `/dev/null`, its output in a log file
/// and, when asked, descriptor 3 written to a file (`--print-address=3`, `-displayfd 3`).
///
/// It inherits no other descriptor: a caller such as Foundation's `Process` notices that its
/// child exited through a descriptor the child holds, and a daemon keeping that open would make
/// it wait until the daemon dies. The spawn closes every other descriptor in the child, and
/// ``closeInheritedDescriptors()`` marks every descriptor the harness was started with
/// close-on-exec, for what the harness starts through Foundation.
enum DetachedSpawn {
    /// glibc's `POSIX_SPAWN_SETSID` (`spawn.h`, behind `_GNU_SOURCE`, which Swift's Glibc module
    /// does not define).
    private static let setSessionFlag: Int16 = 0x80

    /// Marks descriptors 3 and above close-on-exec; called once when the harness starts.
    static func closeInheritedDescriptors() {
        let directory = opendir("/proc/self/fd")
        defer { if let directory { closedir(directory) } }
        var descriptors: [Int32] = []
        while let directory, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name), descriptor > 2 { descriptors.append(descriptor) }
        }
        for descriptor in descriptors {
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// Starts `command` (looked up in the `PATH` of `environment`) and returns its PID.
    static func start(
        _ command: [String], environment: [String: String], log: String, descriptor3: String? = nil
    ) throws -> pid_t {
        guard let program = command.first else { throw HarnessError("nothing to start") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        if let descriptor3 {
            posix_spawn_file_actions_addopen(&actions, 3, descriptor3, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        // Whatever the harness opened without close-on-exec (Foundation's files) stays here too.
        let closing = unotify_spawn_close_from(&actions, descriptor3 == nil ? 3 : 4)
        guard closing == 0 else {
            throw HarnessError("could not start \(program): \(String(cString: strerror(closing)))")
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The spawning thread (a Swift concurrency worker) blocks most signals and the runtime
        // ignores SIGPIPE: a daemon must start with neither, or SIGTERM would never stop it.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, setSessionFlag | Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF))

        let path = try resolve(program, path: environment["PATH"] ?? "/usr/bin:/bin")
        let arguments = command.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in arguments { free(pointer) }
            for pointer in variables { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, arguments, variables)
        guard status == 0 else {
            throw HarnessError("could not start \(program): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// The executable `program` names: itself when it holds a '/', else the first match in `path`.
    static func resolve(_ program: String, path: String) throws -> String {
        if program.contains("/") { return program }
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw HarnessError("no \(program) in PATH \(path)")
    }
}
