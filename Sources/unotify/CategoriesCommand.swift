import ArgumentParser
import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// `unotify categories --app ID [--set FILE]`: an app's notification categories (actions).
struct CategoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories",
        abstract: "Print an app's notification categories as JSON, or replace them with --set FILE (- for stdin).",
        discussion: """
            The JSON is an array of categories:
              [{"identifier": "message",
                "actions": [{"identifier": "snooze", "title": "Snooze", "options": ["foreground"]},
                            {"identifier": "reply", "title": "Reply",
                             "textInput": {"buttonTitle": "Send", "placeholder": "Message"}}],
                "options": ["customDismissAction"]}]
            A notification sent with --category ID shows that category's actions as buttons.
            """)

    @Option(help: "The app's identifier.") var app: String
    @Option(
        help: "A JSON file with the categories, or - for standard input.", completion: .file(extensions: ["json"]))
    var set: String?

    func run() async throws {
        let client = try await AgentClientConnection.open()
        do {
            if let set {
                try await client.setCategories(app: app, json: try Self.read(set))
            } else {
                StandardOutput.write(try await client.categoriesJSON(app: app))
            }
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }

    /// Reads a whole file (or stdin for `-`), at most 1 MiB.
    static func read(_ path: String) throws -> String {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw CommandFailure("unotify: cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            guard bytes.count <= 1 << 20 else { throw CommandFailure("unotify: \(path) is larger than 1 MiB") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandFailure("unotify: \(path) is not valid UTF-8")
        }
        return text
    }
}
