import DBus

/// A failure reaching or using the agent, `unotifyd`, in words that say what to do.
package struct AgentError: Error, Sendable, CustomStringConvertible {
    package enum Code: Sendable, Equatable {
        /// The app is not (or no longer) allowed to notify: `UNError.notificationsNotAllowed`.
        case notAllowed
        /// An argument was refused (an app identifier, a setting, a request).
        case invalidArgument
        /// The settings store could not be read or written.
        case settings
        /// The notification server refused or is missing.
        case server
        /// The agent could not be started or reached.
        case unavailable
        /// The user did not answer before the deadline.
        case timedOut
        /// The server cannot show the permission prompt's buttons; the user was told how to answer.
        case cannotAsk
    }

    package var code: Code
    package var message: String
    package var description: String { message }

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Reads an error reply from the agent.
    package init(_ error: DBusError) {
        switch error.name {
        case AgentInterface.notAllowedError?: self.init(.notAllowed, error.message)
        case AgentInterface.invalidArgumentError?: self.init(.invalidArgument, error.message)
        case AgentInterface.settingsError?: self.init(.settings, error.message)
        case AgentInterface.serverError?: self.init(.server, error.message)
        case AgentInterface.cannotAskError?: self.init(.cannotAsk, error.message)
        default:
            if error.code == .timedOut {
                self.init(.timedOut, "unotifyd did not answer in time: \(error.message)")
            } else {
                self.init(.unavailable, "cannot use unotifyd: \(error.description)")
            }
        }
    }

    /// The D-Bus error the agent replies with for this failure.
    package var dbusError: DBusError {
        let name: String =
            switch code {
            case .notAllowed: AgentInterface.notAllowedError
            case .invalidArgument: AgentInterface.invalidArgumentError
            case .settings: AgentInterface.settingsError
            case .server, .unavailable, .timedOut: AgentInterface.serverError
            case .cannotAsk: AgentInterface.cannotAskError
            }
        return DBusError(.remote, message, name: name)
    }
}
