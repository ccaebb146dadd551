import Foundation

/// How often a process's threads were put on a CPU, read from `/proc/PID/task/TID/schedstat`
/// (its third field: the number of times the thread ran). A sleeping process's count does not
/// move; each wake-up (a timer, a signal, a message) adds at least one.
public struct ProcessWakeCounter: Sendable {
    public let pid: pid_t
    /// Where the process table is: `/proc`, or a copy of its shape in a test of the counter.
    public let processTable: String
    private let start: [String: Int]

    /// Takes the first reading.
    public init(pid: pid_t, processTable: String = "/proc") throws {
        self.pid = pid
        self.processTable = processTable
        start = try Self.runs(of: pid, in: processTable)
    }

    /// The process's threads now, by thread id.
    public static func threadIDs(of pid: pid_t, in processTable: String = "/proc") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "\(processTable)/\(pid)/task")
    }

    /// The wake-ups since the first reading: each thread's new runs, every run of a thread
    /// started since, and one for each thread that has exited since (it woke to exit). A
    /// thread that both starts and exits in between is not seen, but starting it took a run
    /// of a thread that is.
    public func wakeUps() throws -> Int {
        let now = try Self.runs(of: pid, in: processTable)
        var total = 0
        for (thread, runs) in now { total += runs - (start[thread] ?? 0) }
        total += start.keys.filter { now[$0] == nil }.count
        return total
    }

    private static func runs(of pid: pid_t, in processTable: String) throws -> [String: Int] {
        var result: [String: Int] = [:]
        for thread in try threadIDs(of: pid, in: processTable) {
            let path = "\(processTable)/\(pid)/task/\(thread)/schedstat"
            // try?: the branch below tells a thread that exited from one that cannot be read (a failure)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                // A thread can exit between the listing and the read: it is then not counted
                // here. A thread still there whose count cannot be read is a failure, never 0.
                if FileManager.default.fileExists(atPath: "\(processTable)/\(pid)/task/\(thread)") {
                    throw TestSupportError("cannot read \(path): the kernel must have schedstats")
                }
                continue
            }
            let fields = text.split(separator: " ")
            guard fields.count >= 3, let runs = Int(fields[2].trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw TestSupportError("unexpected \(path): \(text)")
            }
            result[thread] = runs
        }
        guard !result.isEmpty else { throw TestSupportError("process \(pid) has no thread to read (it exited)") }
        return result
    }
}
