import ArgumentParser
import DBus
import FreedesktopNotifications
import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// `unotify send`: notify-send's options, meaning, output and exit status.
///
/// The options are parsed by ``SendOptions`` with notify-send's own (GOption) rules, not by
/// ArgumentParser; `unotify send …` skips ArgumentParser entirely, which also keeps start-up
/// short (see docs/PERFORMANCE.md).
struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Show a notification (takes every notify-send option; see unotify send --help).",
        helpNames: [])

    @Argument(
        parsing: .captureForPassthrough, help: "notify-send's options, then SUMMARY [BODY].",
        completion: .custom(SendCompletion.candidates))
    var arguments: [String] = []

    func run() async throws {
        try await Self.run(arguments: arguments)
    }

    /// Parses notify-send's arguments and shows the notification.
    static func run(arguments: [String]) async throws {
        if let send = try prepare(arguments: arguments, release: try NotifySendRelease.selected(), personality: nil) {
            try await finish(send)
        }
    }

    /// Parses and checks the arguments and builds the request; `nil` when only help or the
    /// version was asked. With `personality`, the arguments are notify-send's whole command line;
    /// `release` is the notify-send release whose options and requests they are.
    static func prepare(
        arguments: [String], release: NotifySendRelease, personality: NotifySendPersonality?
    ) throws -> PreparedSend? {
        let options = try SendOptions(
            parsing: arguments, appName: personality?.defaultAppName ?? "unotify", release: release)
        if options.helpRequested {
            StandardOutput.write(personality?.helpText ?? SendOptions.helpText(for: release))
            return nil
        }
        if options.versionRequested {
            StandardOutput.write(personality?.versionText ?? UNotify.version)
            return nil
        }
        let request: NotifyRequest
        do {
            request = try makeRequest(options)
        } catch let failure as CommandFailure where failure.notShown {
            personality?.printIDOfUnshown(options)
            throw failure
        }
        if options.app == nil,
            options.identifier != nil || options.inText != nil || options.every != nil
                || options.at != nil || options.repeating != nil || options.sound != nil
        {
            throw CommandFailure(
                "unotify: --id, --in, --every, --at, --repeat and --sound need --app: the agent keeps them per app")
        }
        return PreparedSend(options: options, request: request)
    }

    /// Shows the notification: through the agent with `--app`, else straight to the server.
    static func finish(_ send: PreparedSend) async throws {
        let options = send.options
        var request = send.request
        if let app = options.app {
            try await AppDelivery.send(request, app: app, options: options)
            return
        }
        let client = try connect()
        if let portal = try await portalInSandbox(client) {
            do {
                try await NotificationWaiter(client: portal, connection: client.connection, options: options)
                    .run(request, waitWithoutActions: options.wait)
            } catch let error as NotificationServerError {
                throw CommandFailure(error)
            }
            return
        }
        do {
            if options.release.sendsIconAsImageHint, !options.icon.isEmpty {
                // As notify-send 0.8.9 asks first: the hint's spelling is the server's version's.
                let specification = try await client.serverInformation().specVersion
                request.setIcon(options.icon, forSpecification: specification)
            }
            if let image = options.image {
                // The spelling the server draws (lxqt draws nothing when given both): one more
                // round trip, only with --image.
                let profile = try await client.profile()
                request.hints.setImage(image, for: profile)
                if profile.drawsImagesOnlyAsAppIcon { request.appIcon = image }  // awesome
            }
            if request.body.contains("<a") {
                // awesome shows a body with a link as raw text: one more round trip, only then.
                request.body = try await client.profile().displayableBody(request.body)
            }
            if request.actions.isEmpty && !options.wait {
                if let id = try await SendRelay.relayIfNeeded(request, on: client) {
                    options.reportID(id.rawValue)
                    return
                }
                try post(request, on: client, reporting: options)
                return
            }
            try await NotificationWaiter(client: client, connection: client.connection, options: options)
                .run(request, waitWithoutActions: options.wait)
        } catch let error as NotificationServerError {
            throw CommandFailure(error)
        }
    }

    /// Inside a Flatpak sandbox (or a snap, told as the portal tells one: ``SnapSandbox``) that
    /// hides the desktop's notification server, the notification portal, as notify-send 0.8 does; `nil` elsewhere (or when the portal is missing too, so
    /// that the error is the usual "no notification server").
    static func portalInSandbox(_ client: NotificationsClient) async throws -> PortalNotificationServer? {
        guard access("/.flatpak-info", F_OK) == 0 || SnapSandbox.current() != nil else { return nil }
        do {
            guard try await client.connection.nameOwner(of: client.serverName) == nil,
                try await client.connection.nameOwner(of: NotificationPortal.busName) != nil
            else { return nil }
        } catch let error as DBusError {
            throw CommandFailure(NotificationServerError(error, server: client.serverName))
        }
        return PortalNotificationServer(connection: client.connection)
    }

    /// The session bus, or exit status 2 when there is none.
    static func connect() throws -> NotificationsClient {
        do {
            return try NotificationsClient.sessionBus()
        } catch let error as NotificationServerError {
            throw CommandFailure(error)
        }
    }

    /// Posts `request` and waits for the server's answer, with or without -p, as notify-send
    /// does: `send` exits 0 only once the server has taken the notification. GNOME Shell 46 and
    /// later ask the bus for the sender's process after the call arrives and drop the
    /// notification of a sender that has already left (measured on 48.7 and 51.0: about half of
    /// twenty sends that did not wait were lost, and so were replacements by `-r`).
    static func post(_ request: NotifyRequest, on client: NotificationsClient, reporting options: SendOptions) throws {
        do {
            let id = try client.notifyBlocking(request)
            options.reportID(id.rawValue)
        } catch let error as NotificationServerError {
            throw CommandFailure(error)
        }
    }

    /// The `Notify` arguments, built as notify-send builds them (urgency and sender-pid always set).
    /// `--image` is only checked here: its hint depends on the server (``run(arguments:)``).
    static func makeRequest(_ options: SendOptions) throws -> NotifyRequest {
        // An empty summary is no summary for notify-send 0.8.1, and for the agent (`--app`) in every
        // release: refused before anything is sent.
        guard let summary = options.operands.first,
            !summary.isEmpty || (options.release.acceptsEmptySummary && options.app == nil)
        else {
            throw CommandFailure("No summary specified.")
        }
        guard options.operands.count <= 2 else { throw CommandFailure("Invalid number of options.") }
        var hints = NotificationHints()
        // The name was checked as it was parsed (SendOptions).
        hints.urgency = options.urgency.flatMap(Urgency.init(name:)) ?? .normal
        // An empty category is none, as notify-send sends it.
        hints.category = options.category?.isEmpty == false ? options.category : nil
        if options.transient { hints.isTransient = true }
        for text in options.hints {
            do {
                let hint = try HintArgument(parsing: text, hexadecimalBytes: options.release.readsHexadecimalBytes)
                hints.set(hint.key, hint.value)
                // A `variant` hint's value is sent as notify-send sends it: a variant in the variant.
                if case .variant = hint.value, hints.vendor[hint.key] != nil {
                    hints.vendor[hint.key] = DBusVariant(hint.value)
                }
            } catch let error as HintArgumentError {
                throw CommandFailure(error.description, notShown: true)
            }
        }
        if let image = options.image {
            guard access(image, R_OK) == 0 else { throw CommandFailure("unotify: cannot read the image \(image)") }
        }
        if let progress = options.progress { hints.vendor["value"] = DBusVariant(progress) }
        hints.senderPID = Int64(getpid())
        let body = options.operands.count > 1 ? CommandLineText.compressEscapes(options.operands[1]) : ""
        return NotifyRequest(
            appName: options.appName, replacesID: ServerNotificationID(rawValue: options.replaceID),
            appIcon: options.release.sendsIconAsImageHint ? options.appIcon ?? "" : options.icon, summary: summary,
            body: body,
            actions: ActionArgument.parse(options.actions, firstIndex: options.release.firstActionIndex),
            hints: hints, expireTimeout: ExpireTimeout(rawValue: options.expireTime))
    }
}
