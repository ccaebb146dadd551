import Foundation

/// `test-desktop push start|stop server|distributor STATE_DIR`: stops or starts again one part of
/// the real push stack a desktop started with `DESKTOP_PUSH=kunifiedpush` (``DesktopPushStack``),
/// as a user's push server restarts or their session's distributor does. `start` returns once
/// the part serves (bounded by `DESKTOP_UP_TIMEOUT`) and prints its PID; `stop` returns once it
/// has exited and prints how many processes it stopped.
public enum PushStackCommand {
    public static let usage = "test-desktop push start|stop server|distributor STATE_DIR"

    public static func run(_ arguments: [String], environment: [String: String]) async throws -> String {
        guard arguments.count == 3, ["start", "stop"].contains(arguments[0]) else {
            throw HarnessError("usage: \(usage)", status: 2)
        }
        let state = URL(fileURLWithPath: arguments[2]).standardizedFileURL.path
        let part = try PushStackPart(arguments[1], state: state)
        guard FileManager.default.fileExists(atPath: part.commandFile) else {
            throw HarnessError("\(state) has no push stack: start the desktop with DESKTOP_PUSH=kunifiedpush")
        }
        if arguments[0] == "stop" { return String(try part.stop()) }
        let timeout = Int(environment["DESKTOP_UP_TIMEOUT"] ?? "") ?? 45
        return String(try await part.start(timeout: .seconds(timeout)))
    }
}
