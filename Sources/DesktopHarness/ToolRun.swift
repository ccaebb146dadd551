import Foundation

/// A short-lived tool the harness asks something (`xdotool search`, `swaymsg`, `pactl info`),
/// bounded by a deadline: one that takes longer is killed and counts as a failure.
struct ToolRun: Sendable {
    let status: Int32
    let output: String

    var succeeded: Bool { status == 0 }

    static func run(
        _ command: [String], environment: [String: String], timeout: Duration = .seconds(10),
        standardErrorPassedThrough: Bool = false
    ) -> ToolRun {
        guard let program = command.first,
            // try?: a tool not installed counts as a failed run (127, as a shell says)
            let path = try? DetachedSpawn.resolve(program, path: environment["PATH"] ?? "/usr/bin:/bin")
        else { return ToolRun(status: 127, output: "") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = standardErrorPassedThrough ? FileHandle.standardError : FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return ToolRun(status: 127, output: "") }
        // SIGKILL: a tool started from a thread that blocks signals may block SIGTERM too.
        let killer = DispatchWorkItem { [process] in if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: killer)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        return ToolRun(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
