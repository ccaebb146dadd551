import FreedesktopNotifications
import NotificationAgentClient

/// `unotify send --app ID`: the same notification, through the agent's permission-filtered pipeline.
enum AppDelivery {
    static func send(_ request: NotifyRequest, app: String, options: SendOptions) async throws {
        guard options.actions.isEmpty, !options.wait else {
            throw CommandFailure("unotify: -A and -w cannot be combined with --app yet: the agent receives the user's "
                + "answer; use them without --app")
        }
        let level: DeliveryRequest.InterruptionLevel =
            switch request.hints.urgency {
            case .low?: .passive
            case .critical?: .critical
            default: .active
            }
        var delivery = DeliveryRequest(
            identifier: options.identifier ?? "unotify-" + String(UInt64.random(in: 0...UInt64.max), radix: 16), title: request.summary,
            body: request.body, sound: options.sound.map { $0 == "default" ? .default : .named($0) },
            categoryIdentifier: options.category ?? "", interruptionLevel: level)
        if let image = options.image {
            delivery.imagePath = image.hasPrefix("/") ? image : FileSystemPath.absolute(image)
        }
        delivery.progress = options.progress.map(Int.init)
        let trigger = try ScheduleArguments.trigger(
            in: options.inText, every: options.every, at: options.at, repeating: options.repeating)
        let client = try await AgentClientConnection.open()
        do {
            let id = try await client.add(app: app, request: delivery, trigger: trigger)
            if options.printID { StandardOutput.write(String(id.rawValue)) }
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }
}
