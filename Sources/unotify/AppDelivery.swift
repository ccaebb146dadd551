import DBus
import FreedesktopNotifications
import NotificationAgentClient

/// `unotify send --app ID`: the same notification, through the agent's permission-filtered pipeline.
///
/// notify-send's options map to the request (docs/CLI.md, "notify-send's options with --app"):
/// `-u` → interruption level, `-t` → expire timeout, `-i` and `-n` → `app_icon` (`-n` first),
/// `-e` → `transient`, `-c` → the app's category, `-h` → vendor hints (not the ones the agent
/// sets itself), `-p` and `--id-fd` → the id; `-a`, `-r`, `-A`, `-w` and the action descriptors
/// are refused with what to use instead.
enum AppDelivery {
    static func send(_ request: NotifyRequest, app: String, options: SendOptions) async throws {
        guard options.actions.isEmpty, !options.wait else {
            throw CommandFailure(
                "unotify: -A and -w cannot be combined with --app yet: the agent receives the user's "
                    + "answer; use them without --app")
        }
        guard options.selectedActionDescriptor == nil, options.activationTokenDescriptor == nil else {
            throw CommandFailure(
                "unotify: --selected-action-fd and --activation-token-fd cannot be combined with --app: the "
                    + "agent receives the user's answer (unotify listen); use them with -A, without --app")
        }
        guard options.appName == "unotify" else {
            throw CommandFailure(
                "unotify: -a cannot be used with --app: the agent shows the app's name from its desktop "
                    + "file (\(app).desktop, Name=); drop -a, or install a desktop file")
        }
        guard options.replaceID == 0 else {
            throw CommandFailure("unotify: use --id IDENTIFIER with --app: the agent replaces by identifier, not by -r")
        }
        let level: DeliveryRequest.InterruptionLevel =
            switch request.hints.urgency {
            case .low?: .passive
            case .critical?: .critical
            default: .active
            }
        var delivery = DeliveryRequest(
            identifier: options.identifier ?? "unotify-" + String(UInt64.random(in: 0...UInt64.max), radix: 16),
            title: request.summary,
            body: request.body, sound: options.sound.map { $0 == "default" ? .default : .named($0) },
            categoryIdentifier: options.category ?? "", interruptionLevel: level)
        if let image = options.image {
            delivery.imagePath = image.hasPrefix("/") ? image : FileSystemPath.absolute(image)
        }
        delivery.progress = options.progress.map(Int.init)
        delivery.appIcon = options.appIcon ?? (options.icon.isEmpty ? nil : options.icon)
        delivery.expireTimeout = options.expireTime < 0 ? nil : options.expireTime
        delivery.isTransient = options.transient
        delivery.hints = try vendorHints(options.hints)
        let trigger = try ScheduleArguments.trigger(
            in: options.inText, every: options.every, at: options.at, repeating: options.repeating)
        if trigger != nil, !delivery.hints.isEmpty {
            throw CommandFailure(
                "unotify: -h cannot be combined with --in, --every or --at: the schedule does not keep "
                    + "hints; send it now, or drop -h")
        }
        let client = try await AgentClientConnection.open()
        do {
            let id = try await client.add(app: app, request: delivery, trigger: trigger)
            options.reportID(id.rawValue)
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }

    /// The `-h` hints as vendor hints; one the agent sets itself is refused, naming the option to use.
    static func vendorHints(_ arguments: [String]) throws -> [String: DBusVariant] {
        var hints: [String: DBusVariant] = [:]
        for text in arguments {
            let hint: HintArgument
            do {
                hint = try HintArgument(parsing: text)
            } catch let error as HintArgumentError {
                throw CommandFailure(error.description)
            }
            guard !DeliveryRequest.reservedHints.contains(hint.key) else {
                throw CommandFailure(
                    "unotify: with --app the agent sets the hint '\(hint.key)' itself; use -u (urgency), "
                        + "-e (transient), --image, --progress (value) or --sound instead")
            }
            hints[hint.key] = DBusVariant(hint.value)
        }
        guard hints.count <= DeliveryRequest.Limits.hintCount else {
            throw CommandFailure(
                "unotify: \(hints.count) hints: at most \(DeliveryRequest.Limits.hintCount) with --app")
        }
        return hints
    }
}
