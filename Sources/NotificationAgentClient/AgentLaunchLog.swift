#if canImport(Glibc)
    import Glibc
#endif

/// The file a spawned `unotifyd` writes its standard error to, `unotifyd.log` in the state
/// directory (`$XDG_STATE_HOME/unotify`, else `~/.local/state/unotify`), so that an agent that
/// cannot start can say why to the command that started it. The agent appends; each launch
/// reads only what was written since it began. Past 1 MiB the log is moved to
/// `unotifyd.log.old` and begun again, so it never grows without bound.
struct AgentLaunchLog {
    /// The log's path.
    let path: String
    /// The log's size when the launch began: what the agent writes starts here.
    private let start: Int

    /// The log for a launch now; `nil` when there is no state directory to put it in (then the
    /// agent's standard error goes nowhere).
    static func begin() -> AgentLaunchLog? {
        let directory: String
        if let state = variable("XDG_STATE_HOME"), state.hasPrefix("/") {
            directory = state + "/unotify"
        } else if let home = variable("HOME"), home.hasPrefix("/") {
            directory = home + "/.local/state/unotify"
        } else {
            return nil
        }
        guard makeDirectories(directory) else { return nil }
        return begin(path: directory + "/unotifyd.log")
    }

    /// The largest the log grows: past it, the next launch moves it to `unotifyd.log.old`
    /// (replacing the one before) and starts a new one.
    static let sizeLimit = 1 << 20

    /// The log at `path` for a launch now, rotated first when it has grown past `sizeLimit`.
    static func begin(path: String) -> AgentLaunchLog {
        var status = stat()
        if stat(path, &status) == 0, Int(status.st_size) > sizeLimit {
            _ = rename(path, path + ".old")
        }
        return AgentLaunchLog(path: path, start: stat(path, &status) == 0 ? Int(status.st_size) : 0)
    }

    /// The last `lines` lines the agent wrote since the launch began ("" when none).
    func written(lastLines lines: Int = 5) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return "" }
        guard lseek(descriptor, off_t(start), SEEK_SET) >= 0 else { return "" }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// `mkdir -p`, mode 0700 for what it creates; whether `path` is a directory afterwards.
    private static func makeDirectories(_ path: String) -> Bool {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            _ = mkdir(prefix, 0o700)
        }
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
