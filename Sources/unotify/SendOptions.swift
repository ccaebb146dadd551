import FreedesktopNotifications
import NotificationAgentClient

/// The options of `unotify send`, parsed with notify-send's (GLib GOption's) rules: short options
/// take their value attached (`-t5000`) or next (`-t 5000`), long ones as `--expire-time=5000` or
/// `--expire-time 5000`, short flags combine (`-pw`), options and operands mix in any order, and
/// `--` ends the options; `--help` ends the parsing where it stands.
struct SendOptions: Sendable {
    var urgency: String?
    var expireTime: Int32 = -1
    var appName = "unotify"
    var icon = ""
    var appIcon: String?
    var idDescriptor: Int32?
    var selectedActionDescriptor: Int32?
    var activationTokenDescriptor: Int32?
    var category: String?
    var transient = false
    var hints: [String] = []
    var printID = false
    var replaceID: UInt32 = 0
    var wait = false
    var actions: [String] = []
    var helpRequested = false
    var versionRequested = false
    var app: String?
    var identifier: String?
    var image: String?
    var progress: Int32?
    var inText: String?
    var every: String?
    var at: String?
    var repeating: String?
    var sound: String?
    var operands: [String] = []

    /// One option of the table: help and parsing both come from it.
    struct Option: Sendable {
        let short: Character?
        let long: String
        let valueName: String?
        let help: String
        /// The first notify-send release that has the option (`unotify send`'s own: the oldest).
        var since = NotifySendRelease.v0_8_1
        let apply: @Sendable (inout SendOptions, String) throws -> Void

        /// Whether the option is unotify's, not notify-send's: every notify-send 0.8.1 option has
        /// a letter, and the newer ones without a letter name their release.
        var isUnotifys: Bool { short == nil && since == .v0_8_1 }
    }

    static let table: [Option] = [
        Option(
            short: "u", long: "urgency", valueName: "LEVEL",
            help: "Specifies the urgency level (low, normal, critical)."
        ) {
            // Checked here, as GOption's callback does: before the summary and the other checks.
            guard Urgency(name: $1) != nil else {
                throw CommandFailure("Unknown urgency \($1) specified. Known urgency levels: low, normal, critical.")
            }
            $0.urgency = $1
        },
        Option(
            short: "t", long: "expire-time", valueName: "TIME",
            help: "Specifies the timeout in milliseconds at which to expire the notification."
        ) {
            $0.expireTime = try GOptionInteger.parse($1)
        },
        Option(
            short: "a", long: "app-name", valueName: "APP_NAME", help: "Specifies the app name for the notification."
        ) {
            $0.appName = $1
        },
        Option(
            short: "i", long: "icon", valueName: "ICON", help: "Specifies an icon filename or stock icon to display."
        ) {
            $0.icon = $1
        },
        Option(
            short: "n", long: "app-icon", valueName: "ICON",
            help: "Specifies an application icon filename or app icon name. The server may or may not display it.",
            since: .v0_8_9
        ) {
            $0.appIcon = $1
        },
        Option(
            short: "c", long: "category", valueName: "TYPE[,TYPE...]",
            help:
                "Specifies the notification category. With --app: the app's category whose actions to show (unotify categories)."
        ) {
            $0.category = $1
        },
        Option(short: "e", long: "transient", valueName: nil, help: "Create a transient notification.") { options, _ in
            options.transient = true
        },
        Option(
            short: "h", long: "hint", valueName: "TYPE:NAME:VALUE",
            help: "Specifies basic extra data to pass. Valid types are boolean, int, double, string, byte and variant."
        ) {
            $0.hints.append($1)
        },
        Option(short: "p", long: "print-id", valueName: nil, help: "Print the notification ID.") { options, _ in
            options.printID = true
        },
        Option(
            short: nil, long: "id-fd", valueName: "FD", help: "File descriptor where to write the notification ID.",
            since: .v0_8_9
        ) {
            $0.idDescriptor = try GOptionInteger.parse($1)
        },
        Option(short: "r", long: "replace-id", valueName: "REPLACE_ID", help: "The ID of the notification to replace.")
        {
            // A negative id is no id, as for notify-send (whose notification keeps its id 0).
            $0.replaceID = UInt32(max(0, try GOptionInteger.parse($1)))
        },
        Option(short: "w", long: "wait", valueName: nil, help: "Wait for the notification to be closed before exiting.")
        {
            options, _ in options.wait = true
        },
        Option(
            short: "A", long: "action", valueName: "[NAME=]Text...",
            help: "Specifies the actions to display to the user. Implies --wait to wait for user input. May be set "
                + "multiple times. The name of the action is output to stdout. If NAME is not specified, the "
                + "numerical index of the option is used (starting with 1, as notify-send 0.8.9 counts; with 0 "
                + "for UNOTIFY_NOTIFY_SEND_VERSION=0.8.1)."
        ) {
            $0.actions.append($1)
        },
        Option(
            short: nil, long: "selected-action-fd", valueName: "FD",
            help: "File descriptor where to write the action chosen by the user.", since: .v0_8_9
        ) {
            $0.selectedActionDescriptor = try GOptionInteger.parse($1)
        },
        Option(
            short: nil, long: "activation-token-fd", valueName: "FD",
            help: "File descriptor where to write the action activation token. The daemon must support it.",
            since: .v0_8_9
        ) {
            $0.activationTokenDescriptor = try GOptionInteger.parse($1)
        },
        Option(short: "v", long: "version", valueName: nil, help: "Print the version and exit.") { options, _ in
            options.versionRequested = true
        },
        Option(
            short: nil, long: "app", valueName: "ID",
            help: "Deliver through unotifyd for the app ID, filtered by its permission settings (unotify settings)."
        ) {
            $0.app = $1
        },
        Option(
            short: nil, long: "image", valueName: "PATH",
            help: "Show this image in the popup (image-path; with --app the agent keeps its own copy)."
        ) {
            $0.image = $1
        },
        Option(
            short: nil, long: "progress", valueName: "N",
            help: "Show a progress bar at N percent (0-100) where the server can (dunst's value hint)."
        ) {
            guard let value = Int32($1), (0...100).contains(value) else {
                throw CommandFailure(
                    "unotify: --progress takes a whole number from 0 to 100, not \(AgentError.quote($1))")
            }
            $0.progress = value
        },
        Option(
            short: nil, long: "in", valueName: "DURATION",
            help: "With --app: deliver once after DURATION (90s, 3m, 1h30m, 2d), even after this command has exited."
        ) {
            $0.inText = $1
        },
        Option(
            short: nil, long: "every", valueName: "DURATION",
            help: "With --app: deliver every DURATION (at least 60 s)."
        ) {
            $0.every = $1
        },
        Option(
            short: nil, long: "at", valueName: "TIME",
            help: "With --app: deliver at HH:MM[:SS] (the next one) or at YYYY-MM-DD HH:MM[:SS]."
        ) {
            $0.at = $1
        },
        Option(
            short: nil, long: "repeat", valueName: "daily|weekly|monthly|yearly",
            help: "With --at: deliver at every matching time."
        ) {
            $0.repeating = $1
        },
        Option(
            short: nil, long: "id", valueName: "NAME",
            help: "With --app: the notification's identifier; sending the same NAME again replaces it in place."
        ) {
            $0.identifier = $1
        },
        Option(
            short: nil, long: "sound", valueName: "NAME",
            help: "With --app: play a sound: default, a sound-theme name, a file in the app's Sounds folder, or a path."
        ) {
            $0.sound = $1
        },
        Option(short: "?", long: "help", valueName: nil, help: "Show help options.") { options, _ in
            options.helpRequested = true
        },
    ]

    /// The notify-send release whose options these are.
    var release = NotifySendRelease.newest

    /// Parses the arguments that follow `send` (all of them, for `notify-send`); `appName` is
    /// the app name when `-a` does not give one; options newer than `release` are unknown.
    init(parsing arguments: [String], appName: String = "unotify", release: NotifySendRelease = .newest) throws {
        self.appName = appName
        self.release = release
        let table = Self.table(for: release)
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                operands += remaining
                break
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                guard let option = table.first(where: { $0.long == name }) else {
                    throw CommandFailure("Unknown option \(argument)")
                }
                var value = ""
                if option.valueName != nil {
                    if let equals = body.firstIndex(of: "=") {
                        value = String(body[body.index(after: equals)...])
                    } else if let next = remaining.popFirst() {
                        value = next
                    } else {
                        throw CommandFailure("Missing argument for --\(name)")
                    }
                }
                try apply(option, value, spelling: "--\(name)")
            } else if argument.hasPrefix("-"), argument.count > 1 {
                var letters = argument.dropFirst()
                while let letter = letters.popFirst() {
                    guard let option = table.first(where: { $0.short == letter }) else {
                        throw CommandFailure("Unknown option -\(letter)")
                    }
                    guard option.valueName != nil else {
                        try apply(option, "", spelling: "-\(letter)")
                        if helpRequested { return }
                        continue
                    }
                    if !letters.isEmpty {
                        try apply(option, String(letters), spelling: "-\(letter)")
                    } else if let next = remaining.popFirst() {
                        try apply(option, next, spelling: "-\(letter)")
                    } else {
                        throw CommandFailure("Missing argument for -\(letter)")
                    }
                    break
                }
            } else {
                operands.append(argument)
            }
            // GOption prints the help as soon as it meets the option: what follows is not read.
            if helpRequested { return }
        }
    }

    /// The options `release` has, and `unotify send`'s own.
    static func table(for release: NotifySendRelease) -> [Option] {
        table.filter { $0.since <= release }
    }

    /// Applies one option's value; an integer that does not parse is reported with the option
    /// spelled as it was given (`-t` or `--expire-time`), as GOption reports it.
    private mutating func apply(_ option: Option, _ value: String, spelling: String) throws {
        do {
            try option.apply(&self, value)
        } catch let failure as GOptionInteger.Failure {
            throw CommandFailure(failure.message(for: spelling))
        }
    }

    /// The options as help text, from the same table the parser uses.
    static func helpText(for release: NotifySendRelease) -> String {
        var lines = [
            "OVERVIEW: Show a notification. Takes every notify-send option, with the same meaning, output and exit status.",
            "",
            "USAGE: unotify send [OPTION…] <SUMMARY> [BODY]",
            "",
            "OPTIONS:",
        ]
        for option in table(for: release) {
            var flag = option.short.map { "-\($0), " } ?? "    "
            flag += "--\(option.long)"
            if let valueName = option.valueName { flag += "=\(valueName)" }
            lines.append("  " + flag.padding(toLength: 34) + option.help)
        }
        lines += [
            "",
            "The body understands the escapes \\n \\t \\\\ and octal \\NNN, as notify-send's does.",
            "Output: with -p the notification's id; with -A the name of the chosen action.",
            "Exit status: 0 done; 1 bad arguments or the notification could not be shown; 2 no session bus or no "
                + "notification server.",
        ]
        return lines.joined(separator: "\n")
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
