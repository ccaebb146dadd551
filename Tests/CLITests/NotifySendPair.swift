import Foundation
import TestSupport

/// The real notify-send and unotify under the name `notify-send`, each run by `bash` from a
/// command line as a script runs it: `notify-send` is found on `PATH`, in a folder holding only
/// a link of that name, so both programs see the same `argv[0]`.
final class NotifySendPair: Sendable {
    /// Which program a link named `notify-send` leads to.
    enum Program: String, Sendable, CaseIterable {
        /// libnotify's `/usr/bin/notify-send`.
        case real
        /// The built `unotify`, in its notify-send personality.
        case unotify

        var target: String { self == .real ? "/usr/bin/notify-send" : UNotifyProcess.path }
    }

    /// What one run printed and how it ended.
    struct Outcome: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private let directory: TemporaryDirectory

    /// Makes the two folders, `real/notify-send` and `unotify/notify-send`.
    init() throws {
        directory = try TemporaryDirectory()
        for program in Program.allCases {
            let folder = directory.url.appendingPathComponent(program.rawValue)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("notify-send").path, withDestinationPath: program.target)
        }
        // `unotify` itself, for its own commands, next to the link that leads to it.
        try FileManager.default.createSymbolicLink(
            atPath: directory.url.appendingPathComponent("unotify/unotify").path,
            withDestinationPath: Program.unotify.target)
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
        return try ChildProcess("/bin/bash", ["-c", commandLine], environment: variables)
    }
}
