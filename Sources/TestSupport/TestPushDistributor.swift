import Foundation

/// The project's UnifiedPush distributor for tests as a process of its own
/// (`test-push-distributor`, ``FakeDistributor`` with its push service and fire-and-forget calls
/// to the connector), started on a private bus: it owns `org.unifiedpush.Distributor.NAME` and
/// serves a Web Push endpoint on loopback. A distributor that does not start is a failure, never
/// a skip.
public final class TestPushDistributor: Sendable {
    /// The distributor's bus name.
    public let busName: String
    /// Where its HTTP push endpoints live: `http://127.0.0.1:PORT`.
    public let baseURL: String
    /// One JSON line per D-Bus call it sent or received, and per POST.
    public let logFile: URL
    private let process: ChildProcess

    /// Starts the distributor on the bus at `address`, serving the UnifiedPush interface
    /// `versions` ("1,2", "2" or "1"), and waits (bounded) until it is ready.
    public init(
        address: String, name: String = "unotifytest", versions: String = "1,2", minimumUrgency: String? = nil,
        directory: URL, timeout: TimeInterval = 15
    ) throws {
        busName = "org.unifiedpush.Distributor.\(name)"
        logFile = directory.appendingPathComponent("distributor-\(name).jsonl")
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        var arguments = ["--name", name, "--versions", versions, "--log", logFile.path]
        if let minimumUrgency { arguments += ["--min-urgency", minimumUrgency] }
        process = try ChildProcess(Self.executable.path, arguments, environment: environment)
        baseURL = try process.waitForLineBlocking(timeout: timeout) { $0.hasPrefix("http://127.0.0.1:") }
    }

    deinit { stop() }

    /// The built `test-push-distributor`, beside the test binary (never an installed one).
    public static var executable: URL { PackageRoot.binaryDirectory.appendingPathComponent("test-push-distributor") }

    /// Stops the distributor (SIGTERM, then SIGKILL after a grace period).
    public func stop() { process.stop() }

    /// The lines of its log so far.
    public func logLines() throws -> [String] {
        guard FileManager.default.fileExists(atPath: logFile.path) else { return [] }
        return try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// POSTs `body` to `url` as an application server does (curl), with `headers`; returns the
    /// HTTP status and the `Location` header.
    public static func post(_ body: Data, to url: String, headers: [String: String] = ["TTL": "60"], timeout: Int = 10)
        async throws -> (status: Int, location: String?)
    {
        let directory = try TemporaryDirectory("unotify-push-post")
        let bodyFile = directory.url.appendingPathComponent("body")
        try body.write(to: bodyFile)
        let headerArguments = headers.sorted { $0.key < $1.key }.flatMap { ["-H", "\($0.key): \($0.value)"] }
        let curl = try ChildProcess(
            "/usr/bin/curl",
            [
                "-s", "-o", "/dev/null", "-D", "-", "--max-time", String(timeout), "-X", "POST",
                "--data-binary", "@\(bodyFile.path)",
            ] + headerArguments + [url])
        let status = try await curl.wait(timeout: TimeInterval(timeout + 5))
        guard status == 0 else { throw TestSupportError("curl exited with \(status): \(curl.standardError)") }
        let lines = curl.standardOutput.split(whereSeparator: \.isNewline).map(String.init)
        guard let statusLine = lines.first,
            let code = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { throw TestSupportError("no HTTP status in: \(curl.standardOutput)") }
        let location = lines.first { $0.lowercased().hasPrefix("location:") }.map {
            String($0.dropFirst("location:".count)).trimmingCharacters(in: .whitespaces)
        }
        return (code, location)
    }
}
