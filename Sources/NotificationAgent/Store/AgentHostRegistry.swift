import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Which processes host the agent on this state directory now, and for which session: one
/// file per host in `hosts/` (named by its ``AgentHostID``, holding its session's bus id),
/// made when its agent starts and removed when it stops. A file whose process is gone (killed)
/// counts for nothing and is removed by the next reader.
///
/// A host watches the others: the directory (a host that starts or stops) and each other
/// host's process (`pidfd`: one killed with SIGKILL), so that when a session loses its last
/// host the others hear it at once, with no polling.
final class AgentHostRegistry: Sendable {
    /// One host seen in the directory.
    struct Host: Hashable, Sendable {
        let id: AgentHostID
        let session: String
    }

    /// `hosts/` in the state directory.
    let directory: URL
    /// This process.
    let me: Host
    private let queue = DispatchQueue(label: "unotify.hosts")
    private let watches = Mutex<Watches>(Watches())

    private struct Watches: ~Copyable {
        var directory: FileNameWatch?
        var processes: [AgentHostID: ProcessExitWatch] = [:]
        var onChange: (@Sendable () -> Void)?
    }

    /// The registry in `stateDirectory` for this process, hosting for `session`.
    init(stateDirectory: URL, me: AgentHostID, session: String) {
        directory = stateDirectory.appendingPathComponent("hosts", isDirectory: true)
        self.me = Host(id: me, session: session)
    }

    /// Adds this process's file.
    func join() throws(StoreError) {
        try PrivateFileSystem.makePrivateDirectory(directory.path)
        try PrivateFileSystem.writeAtomically(
            Array(me.session.utf8), to: directory.appendingPathComponent(me.id.description).path,
            in: directory.path, temporaryPrefix: ".host.tmp-")
    }

    /// Removes this process's file and stops watching.
    func leave() {
        _ = unlink(directory.appendingPathComponent(me.id.description).path)
        watches.withLock { watches in
            watches.directory?.cancel()
            watches.directory = nil
            for watch in watches.processes.values { watch.cancel() }
            watches.processes = [:]
            watches.onChange = nil
        }
    }

    /// The hosts whose process runs (this one included once it joined); the files of those
    /// gone are removed.
    func liveHosts() -> [Host] {
        // try?: no directory yet means no host
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var hosts: [Host] = []
        for name in names where !name.hasPrefix(".") {
            let path = directory.appendingPathComponent(name).path
            guard let id = AgentHostID(name), id.isRunning else {
                _ = unlink(path)
                continue
            }
            // try?: a file that vanished meanwhile is a host that just left
            guard let bytes = (try? PrivateFileSystem.read(path, limit: 4096)) ?? nil else { continue }
            let session = String(decoding: bytes, as: UTF8.self)
            guard !session.isEmpty else { continue }
            hosts.append(Host(id: id, session: session))
        }
        return hosts
    }

    /// Calls `onChange` (on a queue of the registry's) whenever a host joins, leaves or its
    /// process exits, until `leave()`.
    func watch(onChange: @escaping @Sendable () -> Void) throws(StoreError) {
        try PrivateFileSystem.makePrivateDirectory(directory.path)
        let watch = try FileNameWatch(directory: directory.path, queue: queue) { [weak self] in
            self?.changed()
        }
        watches.withLock { watches in
            watches.directory = watch
            watches.onChange = onChange
        }
        queue.async { [weak self] in self?.followProcesses() }
    }

    private func changed() {
        followProcesses()
        watches.withLock { $0.onChange }?()
    }

    /// Watches the process of every other live host not yet watched.
    private func followProcesses() {
        let others = liveHosts().filter { $0.id != me.id }
        watches.withLock { watches in
            guard watches.onChange != nil else { return }
            for host in others where watches.processes[host.id] == nil {
                watches.processes[host.id] = ProcessExitWatch(pid: host.id.processID, queue: queue) { [weak self] in
                    self?.processExited(host.id)
                }
            }
        }
    }

    private func processExited(_ id: AgentHostID) {
        watches.withLock { _ = $0.processes.removeValue(forKey: id) }
        changed()
    }
}
