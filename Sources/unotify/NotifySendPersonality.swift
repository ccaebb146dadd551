import FreedesktopNotifications

/// `unotify` started under the name `notify-send` (a link or a copy): the whole command line is
/// `unotify send`'s, and the program answers as notify-send does — app name `notify-send`, its
/// help and version text, and exit status 1 (never 2) when there is no bus or no server — in the
/// release ``NotifySendRelease/selected()`` picks (the newest unless the environment names one).
struct NotifySendPersonality: Sendable {
    /// The notify-send release whose options, output and exit status this one has.
    let release: NotifySendRelease

    /// The name the program was started under, as given (`notify-send`, `/usr/bin/notify-send`):
    /// notify-send prints it in its help and version.
    let programName: String

    /// The personality when the program's name (`argv[0]`) is `notify-send`, else nil.
    init?(programName: String?, release: NotifySendRelease = .newest) {
        guard let programName, programName.split(separator: "/").last == "notify-send" else { return nil }
        self.programName = programName
        self.release = release
    }

    /// The app name when `-a` gives none: notify-send's own, which server rules match on.
    var defaultAppName: String { "notify-send" }

    /// notify-send's `--version` line.
    var versionText: String { "\(programName) \(release.rawValue)" }

    /// notify-send's `--help`, line for line, then the options `unotify send` adds.
    var helpText: String {
        var lines = [
            "Usage:",
            "  \(programName) [OPTION…] <SUMMARY> [BODY] - create a notification",
            "",
            "Help Options:",
            option("-?, --help", "Show help options"),
            "",
            "Application Options:",
            option("-u, --urgency=LEVEL", "Specifies the urgency level (low, normal, critical)."),
            option(
                "-t, --expire-time=TIME", "Specifies the timeout in milliseconds at which to expire the notification."),
            option("-a, --app-name=APP_NAME", release.appNameHelp),
            option("-i, --icon=ICON", "Specifies an icon filename or stock icon to display."),
        ]
        if release.hasAppIconAndDescriptorOptions {
            lines.append(
                option(
                    "-n, --app-icon=ICON",
                    "Specifies an application icon filename or app icon name. The server may or may not display it."))
        }
        lines += [
            option("-c, --category=TYPE[,TYPE...]", "Specifies the notification category."),
            option("-e, --transient", "Create a transient notification"),
            option(
                "-h, --hint=TYPE:NAME:VALUE",
                "Specifies basic extra data to pass. Valid types are boolean, int, double, string, byte and variant."),
            option("-p, --print-id", "Print the notification ID."),
        ]
        if release.hasAppIconAndDescriptorOptions {
            lines.append(option("--id-fd", "File descriptor where to write the notification ID."))
        }
        lines += [
            option("-r, --replace-id=REPLACE_ID", "The ID of the notification to replace."),
            option("-w, --wait", "Wait for the notification to be closed before exiting."),
            option(
                "-A, --action=[NAME=]Text...",
                "Specifies the actions to display to the user. Implies --wait to wait for user input. May be set "
                    + "multiple times. The name of the action is output to stdout. If NAME is not specified, the "
                    + "numerical index of the option is used (starting with 0)."),
        ]
        if release.hasAppIconAndDescriptorOptions {
            lines += [
                option("--selected-action-fd", "File descriptor where to write the action chosen by the user."),
                option(
                    "--activation-token-fd",
                    "File descriptor where to write the action activation token. The daemon must support it."),
            ]
        }
        lines += [
            option("-v, --version", "Version of the package."),
            "",
            "unotify Options:",
        ]
        for added in SendOptions.table where added.isUnotifys {
            lines.append(option("--\(added.long)" + (added.valueName.map { "=\($0)" } ?? ""), added.help))
        }
        lines.append("")
        return lines.joined(separator: "\n")
    }

    /// `error` as notify-send reports it: a missing bus or server is exit status 1, and a D-Bus
    /// error reads as GLib's D-Bus library writes it (`GDBus.Error:NAME: MESSAGE`). With `-p`,
    /// writes the id as notify-send does after a failed show (``printIDOfUnshown(_:)``).
    func reported(_ error: any Error, for send: PreparedSend?) -> any Error {
        guard let failure = error as? CommandFailure, let serverError = failure.serverError else { return error }
        if let options = send?.options, failure.notShown { printIDOfUnshown(options) }
        guard let name = serverError.dbusErrorName, let message = serverError.dbusErrorMessage else {
            return CommandFailure(release.showFailurePrefix + serverError.message, exitCode: 1)
        }
        return CommandFailure(release.showFailurePrefix + "GDBus.Error:\(name): \(message)", exitCode: 1)
    }

    /// With `-p`, prints the id notify-send prints when nothing was shown (a bad hint, no
    /// server): the `-r` id, else 0.
    func printIDOfUnshown(_ options: SendOptions) {
        options.reportID(options.replaceID)
    }

    /// One option line of GOption's help: the option, padded to column 36, then its text.
    private func option(_ flags: String, _ text: String) -> String {
        "  " + flags.padding(toLength: 34) + text
    }
}
