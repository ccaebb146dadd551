import ArgumentParser
import DBus
import FreedesktopNotifications

#if canImport(Glibc)
import Glibc
#endif

/// `unotify send`: notify-send's options, meaning, output and exit status.
struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Show a notification (takes every notify-send option).",
        discussion: """
            Prints nothing unless asked: -p prints the notification's id; with -A, the name of the \
            action the user chose is printed when it is chosen. The body understands the escapes \
            \\n \\t \\\\ and octal \\NNN, as notify-send's does.
            """,
        helpNames: [.long, .customShort("?")])

    @Argument(help: "The summary (title) of the notification.")
    var summary: String?

    @Argument(help: "The body text.")
    var body: String?

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var extra: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("Specifies the urgency level (low, normal, critical).", valueName: "LEVEL"))
    var urgency: String?

    @Option(name: [.customShort("t"), .customLong("expire-time")],
            help: ArgumentHelp("Specifies the timeout in milliseconds at which to expire the notification.", valueName: "TIME"))
    var expireTime: Int32 = -1

    @Option(name: [.customShort("a"), .customLong("app-name")],
            help: ArgumentHelp("Specifies the app name for the notification.", valueName: "APP_NAME"))
    var appName: String = "unotify"

    @Option(name: .shortAndLong, help: ArgumentHelp("Specifies an icon filename or stock icon to display.", valueName: "ICON"))
    var icon: String = ""

    @Option(name: .shortAndLong, help: ArgumentHelp("Specifies the notification category.", valueName: "TYPE[,TYPE...]"))
    var category: String?

    @Flag(name: [.customShort("e"), .customLong("transient")], help: "Create a transient notification.")
    var transient = false

    @Option(name: [.customShort("h"), .customLong("hint")],
            help: ArgumentHelp("Specifies basic extra data to pass. Valid types are \(HintArgument.typeNames).",
                               valueName: "TYPE:NAME:VALUE"))
    var hints: [String] = []

    @Flag(name: [.customShort("p"), .customLong("print-id")], help: "Print the notification ID.")
    var printID = false

    @Option(name: [.customShort("r"), .customLong("replace-id")],
            help: ArgumentHelp("The ID of the notification to replace.", valueName: "REPLACE_ID"))
    var replaceID: UInt32 = 0

    @Flag(name: .shortAndLong, help: "Wait for the notification to be closed before exiting.")
    var wait = false

    @Option(name: [.customShort("A"), .customLong("action")],
            help: ArgumentHelp(
                "Specifies the actions to display to the user. Implies --wait to wait for user input. May be set "
                    + "multiple times. The name of the action is output to stdout. If NAME is not specified, the "
                    + "numerical index of the option is used (starting with 0).", valueName: "[NAME=]Text..."))
    var actions: [String] = []

    func run() async throws {
        let request = try makeRequest()
        let client: NotificationsClient
        do {
            client = try NotificationsClient.sessionBus()
        } catch let error as NotificationServerError {
            throw CommandFailure(error)
        }
        do {
            if request.actions.isEmpty && !wait {
                let id = try client.notifyBlocking(request)
                if printID { StandardOutput.write(String(id.rawValue)) }
                return
            }
            try await NotificationWaiter(client: client, printID: printID).run(request, waitWithoutActions: wait)
        } catch let error as NotificationServerError {
            throw CommandFailure(error)
        }
    }

    /// The `Notify` arguments, built as notify-send builds them (urgency and sender-pid always set).
    func makeRequest() throws -> NotifyRequest {
        guard let summary else { throw CommandFailure("No summary specified.") }
        guard extra.isEmpty else { throw CommandFailure("Invalid number of options.") }
        var hintSet = NotificationHints()
        if let urgency {
            guard let level = Urgency(name: urgency) else {
                throw CommandFailure("Unknown urgency \(urgency) specified. Known urgency levels: low, normal, critical.")
            }
            hintSet.urgency = level
        } else {
            hintSet.urgency = .normal
        }
        hintSet.category = category
        if transient { hintSet.isTransient = true }
        for text in hints {
            do {
                let hint = try HintArgument(parsing: text)
                hintSet.set(hint.key, hint.value)
            } catch let error as HintArgumentError {
                throw CommandFailure(error.description)
            }
        }
        hintSet.senderPID = Int64(getpid())
        return NotifyRequest(
            appName: appName, replacesID: ServerNotificationID(rawValue: replaceID), appIcon: icon, summary: summary,
            body: body.map(CommandLineText.compressEscapes) ?? "", actions: ActionArgument.parse(actions),
            hints: hintSet, expireTimeout: ExpireTimeout(rawValue: expireTime))
    }
}
