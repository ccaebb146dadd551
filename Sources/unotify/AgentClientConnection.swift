import NotificationAgentClient

/// Opens the CLI's connection to the agent, turning failures into one line and exit status 2.
enum AgentClientConnection {
    static func open() async throws -> AgentClient {
        do {
            return try await AgentClient()
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }
}

extension CommandFailure {
    /// Exit status 2 when the agent or the server is out of reach, 1 otherwise.
    init(_ error: AgentError) {
        switch error.code {
        case .unavailable, .server, .pushUnavailable: self.init("unotify: \(error.message)", exitCode: 2)
        default: self.init("unotify: \(error.message)", exitCode: 1)
        }
    }
}
