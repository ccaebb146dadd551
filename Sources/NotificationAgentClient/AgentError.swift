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
        /// Remote notifications cannot be registered: no UnifiedPush distributor is on the bus,
        /// or it refused (`didFailToRegisterForRemoteNotificationsWithError`).
        case pushUnavailable
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
        case AgentInterface.pushUnavailableError?: self.init(.pushUnavailable, error.message)
        case ErrorName.limitsExceeded.rawValue?: self.init(.invalidArgument, Self.visible(error.message, limit: 200))
        default:
            if error.code == .invalidArgument {
                // Refused before it was sent (a NUL byte in a string, an invalid name).
                self.init(.invalidArgument, "cannot send this to unotifyd: " + Self.visible(error.message, limit: 200))
            } else if error.code == .peerGone {
                self.init(.unavailable, Self.agentQuit)
            } else if error.code == .disconnected {
                self.init(.unavailable, Self.busLost)
            } else if error.code == .timedOut {
                self.init(.timedOut, "unotifyd did not answer in time: \(error.message)")
            } else {
                self.init(.unavailable, "cannot use unotifyd: \(error.description)")
            }
        }
    }

    /// Said when the agent left the bus while a call or a wait was under way.
    package static let agentQuit =
        "the agent quit (unotifyd left the bus before it answered: it crashed, was killed or was stopped); "
        + "the next call starts it again"

    /// Said when this process lost its connection to the session bus (the bus daemon stopped,
    /// or the session ended) before or while it called the agent.
    package static let busLost = "lost the connection to the session bus (the bus daemon stopped)"

    /// The D-Bus error the agent replies with for this failure.
    package var dbusError: DBusError {
        let name: String =
            switch code {
            case .notAllowed: AgentInterface.notAllowedError
            case .invalidArgument: AgentInterface.invalidArgumentError
            case .settings: AgentInterface.settingsError
            case .server, .unavailable, .timedOut: AgentInterface.serverError
            case .cannotAsk: AgentInterface.cannotAskError
            case .pushUnavailable: AgentInterface.pushUnavailableError
            }
        return DBusError(.remote, message, name: name)
    }
}

extension AgentError {
    /// The longest part of an offending input an error message quotes, in characters.
    package static let quotedPrefix = 40

    /// `text` as an error message quotes it: in quotes, with control, invisible and
    /// bidirectional characters written as `\u{…}`, and cut after `quotedPrefix` characters
    /// (then `…` and the full size), so a 10 MB input makes a short message.
    package static func quote(_ text: String) -> String {
        "'" + visible(text, limit: quotedPrefix) + "'"
    }

    /// `text` with control, invisible and bidirectional characters (but newlines and tabs)
    /// written as `\u{…}`, cut after `limit` characters (then `…` and the full size).
    package static func visible(_ text: String, limit: Int) -> String {
        var result = ""
        var shown = 0
        for scalar in text.unicodeScalars {
            guard shown < limit else { return result + "… (\(text.utf8.count) bytes)" }
            let plain = scalar == "\n" || scalar == "\t" || !isInvisible(scalar)
            result += plain ? String(scalar) : "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            shown += 1
        }
        return result
    }

    /// Whether `scalar` shows as nothing or changes how the text around it shows: control
    /// characters (C0, DEL, C1), format characters (zero-width, bidirectional controls, the
    /// byte-order mark, the soft hyphen), line and paragraph separators, private-use,
    /// surrogate and unassigned code points, the invisible fillers (U+115F, U+1160,
    /// U+3164, U+FFA0) and space-like marks (U+180E), and every default-ignorable code point
    /// (variation selectors such as U+FE0F and U+E0100, the combining grapheme joiner U+034F,
    /// the Mongolian free variation selectors such as U+180B, the Khmer inherent vowels U+17B4
    /// and U+17B5): "a\u{FE0F}b" shows as "ab".
    package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isDefaultIgnorableCodePoint { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: return true
        default: return [0x115F, 0x1160, 0x3164, 0xFFA0, 0x180E, 0x2800].contains(scalar.value)
        }
    }
}
