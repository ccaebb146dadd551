import Foundation
import NotificationAgent

/// The backend of `UNUserNotificationCenter.current()`: everything goes to the agent,
/// `unotifyd`, started on demand (see `AgentLauncher`), or, when none is installed or none can
/// be started, the agent's work run in this process (`InProcessAgent`).
///
/// On Linux, today: authorization, settings and immediate delivery go through the agent's
/// permission-filtered pipeline; the delivered list, categories (persisted by the agent) and the
/// user's responses (queued by the agent while the app is not running) come from the agent.
/// Scheduled requests are kept and fired by the agent; badges go to the Unity launcher API.
package actor AgentBackend: NotificationCenterBackend {
    /// The one connection to the agent, created by the first call (later calls wait for it).
    private var client: Task<AgentClient, any Error>?

    private let address: String?

    /// A backend on the session bus, or on the bus at `address`.
    package init(address: String? = nil) {
        self.address = address
    }

    package func requestAuthorization(options: UNAuthorizationOptions, appIdentifier: String) async throws -> Bool {
        try await run { client in
            try await client.requestAuthorization(
                app: appIdentifier, options: AuthorizationOptionBits(rawValue: options.rawValue)
            ).granted
        }
    }

    package func notificationSettings(appIdentifier: String) async throws -> UNNotificationSettings {
        try await run { client in UNNotificationSettings(try await client.settings(app: appIdentifier)) }
    }

    package func add(_ request: UNNotificationRequest, appIdentifier: String) async throws {
        if let error = request.validationError() { throw error }
        let trigger = TriggerRecord(request.trigger)
        _ = try await run { client in
            try await client.add(app: appIdentifier, request: DeliveryRequest(request), trigger: trigger)
        }
    }

    package func setCategories(_ categories: Set<UNNotificationCategory>, appIdentifier: String) async throws {
        let records = categories.map(CategoryRecord.init).sorted { $0.identifier < $1.identifier }
        let json = String(decoding: try JSONEncoder().encode(records), as: UTF8.self)
        try await run { client in try await client.setCategories(app: appIdentifier, json: json) }
    }

    package func categories(appIdentifier: String) async throws -> Set<UNNotificationCategory> {
        let json = try await run { client in try await client.categoriesJSON(app: appIdentifier) }
        let records = try JSONDecoder().decode([CategoryRecord].self, from: Data(json.utf8))
        return Set(records.map(\.category))
    }

    package func pendingRequests(appIdentifier: String) async throws -> [UNNotificationRequest] {
        try await run { client in
            try await client.pending(app: appIdentifier).map {
                UNNotificationRequest(
                    identifier: $0.request.identifier, content: UNNotificationRequest($0.request).content,
                    trigger: $0.trigger.trigger)
            }
        }
    }

    package func removePending(identifiers: [String]?, appIdentifier: String) async throws {
        _ = try await run { client in try await client.removePending(app: appIdentifier, identifiers: identifiers ?? [])
        }
    }

    package func deliveredNotifications(appIdentifier: String) async throws -> [UNNotification] {
        try await run { client in
            try await client.delivered(app: appIdentifier).map {
                UNNotification(request: UNNotificationRequest($0.request), date: Date(timeIntervalSince1970: $0.date))
            }
        }
    }

    package func removeDelivered(identifiers: [String]?, appIdentifier: String) async throws {
        _ = try await run { client in
            try await client.removeDelivered(app: appIdentifier, identifiers: identifiers ?? [])
        }
    }

    package func setBadgeCount(_ count: Int, appIdentifier: String) async throws {
        guard count >= 0 else { throw UNError(.badgeInputInvalid, "A badge count cannot be negative (\(count)).") }
        _ = try await run { client in try await client.setBadge(app: appIdentifier, count: count) }
    }

    package func setPresenter(
        appIdentifier: String,
        _ presenter: @escaping @Sendable (UNNotification) async -> UNNotificationPresentationOptions?
    ) async throws {
        try await run { client in
            try await client.registerPresenter(app: appIdentifier) { request in
                await presenter(UNNotification(request: UNNotificationRequest(request), date: Date()))?.rawValue
            }
        }
    }

    package func responses(appIdentifier: String) async throws -> AsyncStream<UNNotificationResponse> {
        let records = try await run { client in try await client.listen(app: appIdentifier) }
        let (stream, continuation) = AsyncStream.makeStream(of: UNNotificationResponse.self)
        let task = Task {
            do {
                for try await record in records { continuation.yield(UNNotificationResponse.make(record)) }
            } catch {}
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Runs `body` with a connected client, translating the agent's errors into `UNError`.
    package func registerForRemoteNotifications(appIdentifier: String, applicationServerKey: Data?) async throws
        -> Data
    {
        do {
            let client = try await connectedClient()
            guard let applicationServerKey else { return Data(try await client.registerPush(app: appIdentifier).utf8) }
            let key = applicationServerKey.base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            return Data(try await client.registerPush(app: appIdentifier, serverKey: key).utf8)
        } catch let error as AgentError {
            let code: RemoteNotificationRegistrationError.Code =
                switch error.code {
                case .pushUnavailable: .noDistributor
                case .invalidArgument where applicationServerKey != nil: .invalidServerKey
                default: .unavailable
                }
            throw RemoteNotificationRegistrationError(code, error.message)
        }
    }

    package func unregisterForRemoteNotifications(appIdentifier: String) async throws {
        do {
            _ = try await connectedClient().unregisterPush(app: appIdentifier)
        } catch let error as AgentError {
            throw RemoteNotificationRegistrationError(.unavailable, error.message)
        }
    }

    private func run<T: Sendable>(_ body: (AgentClient) async throws -> T) async throws -> T {
        do {
            let client = try await connectedClient()
            return try await body(client)
        } catch let error as AgentError {
            switch error.code {
            case .notAllowed: throw UNError(.notificationsNotAllowed, error.message)
            case .invalidArgument: throw UNError(.notificationInvalidNoContent, error.message)
            default: throw UNError(.notificationsNotAllowed, error.message)
            }
        }
    }

    private func connectedClient() async throws -> AgentClient {
        // try?: a connection that failed is made again below, whose error is thrown
        if let client, let connected = try? await client.value { return connected }
        let address = self.address
        let connecting = Task {
            try await AgentClient(address: address) { why in
                try await InProcessAgent.shared.host(busAddress: address, why: why)
            }
        }
        client = connecting
        return try await connecting.value
    }
}
