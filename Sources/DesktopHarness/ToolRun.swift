import Foundation
import Synchronization

/// A short-lived tool the harness asks something (`xdotool search`, `swaymsg`, `pactl info`,
/// a screenshot from `import` or `grim`), bounded by a deadline: one that takes longer is
/// killed and counts as a failure.
struct ToolRun: Sendable {
    let status: Int32
    /// What the tool printed, as bytes (a screenshot) …
    let data: Data
    /// … and what it printed on its standard error, when asked to keep it.
    let errors: String

    var succeeded: Bool { status == 0 }
    /// What the tool printed, as text.
    var output: String { String(decoding: data, as: UTF8.self) }

    static func run(
        _ command: [String], environment: [String: String], timeout: Duration = .seconds(10),
        standardErrorPassedThrough: Bool = false, keepingErrors: Bool = false
    ) -> ToolRun {
        guard let program = command.first,
            // try?: a tool not installed counts as a failed run (127, as a shell says)
            let path = try? DetachedSpawn.resolve(program, path: environment["PATH"] ?? "/usr/bin:/bin")
        else { return ToolRun(status: 127, data: Data(), errors: "\(command.first ?? ""): not found") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        let pipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = pipe
        process.standardError =
            keepingErrors ? errorPipe : standardErrorPassedThrough ? FileHandle.standardError : FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return ToolRun(status: 127, data: Data(), errors: "\(error)") }
        // SIGKILL: a tool started from a thread that blocks signals may block SIGTERM too.
        let killer = DispatchWorkItem { [process] in if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: killer)
        // The standard error is read beside the output, so that neither pipe fills and stalls the tool.
        let errorText = ErrorText()
        let reading = DispatchGroup()
        if keepingErrors {
            DispatchQueue.global().async(group: reading) {
                errorText.set(String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            }
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        killer.cancel()
        return ToolRun(status: process.terminationStatus, data: data, errors: errorText.text)
    }

    /// The standard error of a run, set by the thread that reads it.
    private final class ErrorText: Sendable {
        private let value = Mutex("")
        var text: String { value.withLock { $0 } }
        func set(_ text: String) { value.withLock { $0 = text } }
    }
}
