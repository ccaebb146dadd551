import FreedesktopNotifications

/// A failure the CLI reports as one line on stderr, with its exit status.
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32
    /// The server or bus error this failure reports, when it reports one.
    var serverError: NotificationServerError?
    /// The arguments were accepted but nothing was shown (a bad hint, a server or bus error):
    /// notify-send still prints an id with `-p` then.
    var notShown = false

    init(_ message: String, exitCode: Int32 = 1, notShown: Bool = false) {
        self.message = message
        self.exitCode = exitCode
        self.notShown = notShown
    }

    /// Exit status 2 for "no session bus" and "no server", 1 for everything else.
    init(_ error: NotificationServerError) {
        switch error.code {
        case .noSessionBus, .noServer: self.init("unotify: \(error.message)", exitCode: 2)
        default: self.init("unotify: \(error.message)", exitCode: 1)
        }
        serverError = error
        notShown = true
    }
}
