import DBus
import FreedesktopNotifications

#if canImport(Glibc)
    import Glibc
#endif

/// The user's stored choice of UnifiedPush distributor, for when several are on the bus: one
/// line, the distributor's bus name, in `$XDG_CONFIG_HOME/unotify/push-distributor` (else
/// `~/.config/unotify/push-distributor`). `unotify push --distributor NAME` writes it; the agent
/// reads it whenever it chooses a distributor, and so does `unotify server --explain`, so both
/// make the same choice whatever environment each was started in (the agent is usually started
/// by D-Bus activation, which does not see a shell's variables). `UNOTIFY_PUSH_DISTRIBUTOR`,
/// where the agent's environment has it, still comes first (``DistributorChoice``).
package enum DistributorPreference {
    /// The process's environment variable `name`.
    package static func processEnvironment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Where the choice is kept; nil when neither `XDG_CONFIG_HOME` nor `HOME` is an absolute path.
    package static func path(environment: (String) -> String? = processEnvironment) -> String? {
        if let config = environment("XDG_CONFIG_HOME"), config.hasPrefix("/") {
            return config + "/unotify/push-distributor"
        }
        guard let home = environment("HOME"), home.hasPrefix("/") else { return nil }
        return home + "/.config/unotify/push-distributor"
    }

    /// The full bus name of distributor `name`, given in full (`org.unifiedpush.Distributor.ntfy`)
    /// or after the namespace's dot (`ntfy`); nil when that is no valid distributor name.
    package static func fullName(_ name: String) -> String? {
        let full = UnifiedPush.isDistributor(name) ? name : UnifiedPush.distributorNamespace.rawValue + "." + name
        // try?: an invalid name is no distributor (nil), which the caller reports
        guard UnifiedPush.isDistributor(full), (try? BusName(validating: full)) != nil else { return nil }
        return full
    }

    /// The stored choice; nil when there is none, or when the file holds no valid distributor
    /// name (then no choice counts, as if there were none).
    ///
    /// Only a regular file is read, opened non-blocking: a FIFO there (with no writer) blocked
    /// the read, and with it the agent's every call and `unotify push`; it counts as no choice.
    package static func read(environment: (String) -> String? = processEnvironment) -> String? {
        guard let path = path(environment: environment) else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        guard count > 0, let text = String(validating: buffer[0..<count], as: UTF8.self) else { return nil }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return fullName(line.trimmingSpaces)
    }

    /// Stores `name` (a distributor's full bus name) as the choice, or removes the choice (nil).
    ///
    /// - Throws: ``DistributorPreferenceError`` naming the file and the system's reason.
    package static func write(_ name: String?, environment: (String) -> String? = processEnvironment)
        throws(DistributorPreferenceError)
    {
        guard let path = path(environment: environment) else {
            throw DistributorPreferenceError(
                "cannot find where to keep the choice: set HOME or XDG_CONFIG_HOME to an absolute path")
        }
        guard let name else {
            guard unlink(path) == 0 || errno == ENOENT else { throw .system("cannot remove \(path)") }
            return
        }
        let directory = String(path.dropLast("/push-distributor".count))
        for folder in [String(directory.dropLast("/unotify".count)), directory] {
            guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { throw .system("cannot create \(folder)") }
        }
        let temporary = path + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system("cannot write \(temporary)") }
        let bytes = Array((name + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let error = DistributorPreferenceError.system("cannot write \(path)")
            unlink(temporary)
            throw error
        }
    }
}
