import Foundation
import Glibc

/// What the recipes of servers in a chroot ask of it besides starting processes: which version
/// of a package it holds, a command run to its end inside the namespace, and a wrapper script
/// through which the tests run one of the chroot's own tools.
extension ChrootNamespace {
    /// The version of Debian package `package` in the chroot (from the `installed.txt` its
    /// builder writes), empty when it has none.
    func installedVersion(of package: String) -> String {
        // try?: a chroot without the list has no version to offer, which the caller reports
        let list = (try? String(contentsOfFile: "\(root)/installed.txt", encoding: .utf8)) ?? ""
        for line in list.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.count >= 2, fields[0] == package { return String(fields[1]) }
        }
        return ""
    }

    /// Runs `command` inside the chroot's namespace (once its first process runs) to its end,
    /// with exactly `environment`, its output appended to `log` (a name in the state
    /// directory); whether it succeeded. One that outlasts the desktop's step timeout is killed.
    func run(_ command: [String], environment: [String: String], appendingTo log: String, in launch: DesktopLaunch)
        -> Bool
    {
        guard let namespacePID else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["nsenter", "--mount=/proc/\(namespacePID)/ns/mnt", "--", "chroot", root, "env", "-i"]
            + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + command
        process.environment = launch.environment
        guard let output = FileHandle(forWritingAtPath: launch.path(log)) else { return false }
        defer {
            // try?: a log that cannot be closed loses nothing written to it
            try? output.close()
        }
        output.seekToEndOfFile()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        let killer = DispatchWorkItem { [process] in if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let seconds = Double(launch.timeout.components.seconds)
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: killer)
        process.waitUntilExit()
        killer.cancel()
        return process.terminationStatus == 0
    }

    /// Writes `path` (a name in the state directory), an executable script that runs the
    /// chroot's `tool` (an absolute path inside it) in the namespace with its arguments;
    /// `version` is the server's, for the script's comment.
    func writeToolWrapper(_ path: String, tool: String, server: String, version: String, in launch: DesktopLaunch)
        throws
    {
        guard let namespacePID else { throw HarnessError("no process runs in the \(root) chroot yet") }
        let name = URL(fileURLWithPath: tool).lastPathComponent
        try launch.write(
            """
            #!/bin/sh
            # \(server) \(version)'s own \(name), run in its chroot (written by test-desktop up)
            exec nsenter --mount=/proc/\(namespacePID)/ns/mnt -- chroot \(Self.shellWord(root)) \(tool) "$@"

            """, to: path)
        guard chmod(launch.path(path), 0o755) == 0 else {
            throw HarnessError("cannot make \(launch.path(path)) executable")
        }
    }

    /// `value` as one shell word: itself when it holds nothing special, else single-quoted.
    static func shellWord(_ value: String) -> String {
        let plain =
            !value.isEmpty
            && value.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || "/._-+,:@%=".unicodeScalars.contains(scalar))
            }
        return plain ? value : "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
