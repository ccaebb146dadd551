import Foundation
import Testing
import TestSupport

/// The real notify-send of one release and unotify under the name `notify-send`, following the
/// same release, each run by `bash` from a command line as a script runs it: `notify-send` is
/// found on `PATH`, in a folder holding only a link (or for 0.8.9, a script) of that name, so
/// both programs see the same `argv[0]`.
final class NotifySendPair: Sendable {
    /// Which program `notify-send` is.
    enum Program: String, Sendable, CaseIterable {
        /// libnotify's notify-send: the host's `/usr/bin/notify-send` (0.8.1), or the Debian sid
        /// chroot's (0.8.9, run in the chroot with the host's /tmp, where the test's bus is).
        case real
        /// The built `unotify`, in its notify-send personality.
        case unotify
    }

    /// The notify-send releases the pair can compare, and where the real one of each is.
    enum Release: String, Sendable, CaseIterable, CustomTestStringConvertible {
        /// Debian 12's, the host's own.
        case v0_8_1 = "0.8.1"
        /// Debian sid's, in the sid chroot of the newest desktops (scripts/desktop/chroot).
        case v0_8_9 = "0.8.9"

        var testDescription: String { "notify-send \(rawValue)" }
    }

    /// The release both programs follow.
    let release: Release

    /// The sid chroot, for notify-send 0.8.9 (nil for 0.8.1).
    private let chrootRoot: String?

    /// What one run printed and how it ended.
    struct Outcome: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private let directory: TemporaryDirectory

    /// Makes the two folders, `real/notify-send` and `unotify/notify-send`.
    init(release: Release = .v0_8_1) throws {
        self.release = release
        chrootRoot = release == .v0_8_9 ? try Self.sidChroot() : nil
        directory = try TemporaryDirectory()
        for program in Program.allCases {
            let folder = directory.url.appendingPathComponent(program.rawValue)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = folder.appendingPathComponent("notify-send").path
            switch (program, release) {
            case (.unotify, _):
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: UNotifyProcess.path)
            case (.real, .v0_8_1):
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/usr/bin/notify-send")
            case (.real, .v0_8_9):
                let script = PackageRoot.url.appendingPathComponent("scripts/desktop/chroot/notify-send").path
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: script)
            }
        }
        // `unotify` itself, for its own commands, next to the link that leads to it.
        try FileManager.default.createSymbolicLink(
            atPath: directory.url.appendingPathComponent("unotify/unotify").path,
            withDestinationPath: UNotifyProcess.path)
    }

    /// The link named `notify-send` that leads to `program`.
    func link(to program: Program) -> String {
        directory.url.appendingPathComponent(program.rawValue).appendingPathComponent("notify-send").path
    }

    /// Runs `commandLine` with bash, `notify-send` being `program`, on the bus at `busAddress`
    /// (nil: no `DBUS_SESSION_BUS_ADDRESS`); `environment` sets variables, or unsets the nil ones.
    func run(
        _ commandLine: String, with program: Program, busAddress: String?, environment: [String: String?] = [:]
    ) async throws -> Outcome {
        let process = try start(commandLine, with: program, busAddress: busAddress, environment: environment)
        return try await Self.outcome(of: process)
    }

    /// How a run started with ``start(_:with:busAddress:environment:)`` ends (waiting at most 20 s).
    static func outcome(of process: ChildProcess) async throws -> Outcome {
        let status = try await process.wait(timeout: 20)
        return Outcome(status: status, stdout: process.standardOutput, stderr: process.standardError)
    }

    /// Starts what ``run(_:with:busAddress:environment:)`` runs, without waiting for it.
    func start(
        _ commandLine: String, with program: Program, busAddress: String?, environment: [String: String?] = [:]
    ) throws -> ChildProcess {
        var variables = ProcessInfo.processInfo.environment
        variables["DBUS_SESSION_BUS_ADDRESS"] = busAddress
        for (name, value) in environment { variables[name] = value }
        variables["PATH"] = directory.url.appendingPathComponent(program.rawValue).path + ":/usr/bin:/bin"
        // One language for both: the messages compared are the untranslated ones.
        variables["LC_ALL"] = "C.UTF-8"
        variables["UNOTIFY_NOTIFY_SEND_VERSION"] = release.rawValue
        variables["UNOTIFY_CHROOT_ROOT"] = chrootRoot
        return try ChildProcess("/bin/bash", ["-c", commandLine], environment: variables)
    }

    /// The root of the Debian sid chroot (scripts/desktop/chroot/build, which `scripts/test`
    /// runs before the tests: cached, it answers at once).
    static func sidChroot() throws -> String {
        let build = PackageRoot.url.appendingPathComponent("scripts/desktop/chroot/build").path
        let process = try ChildProcess(build, ["sid"])
        let status = try process.waitBlocking(timeout: 600)
        let root = process.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0, root.hasPrefix("/") else {
            throw TestSupportError("the sid chroot could not be built: \(process.standardError)")
        }
        return root
    }
}
