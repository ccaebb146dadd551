import Foundation

/// The app's notification center: authorization, categories, scheduling, delivered
/// notifications, badge, and the delegate.
///
/// Use the shared center from ``current()``. Every method has Apple's completion-handler form
/// and its `async` form. Calls reach the backend in the order they were made, even
/// fire-and-forget ones such as `removeAllPendingNotificationRequests()`; completion handlers
/// run on a background task, as Apple's run on a background queue. A command-line tool may end
/// right after a completion-handler call: its exit waits until the call has been answered.
///
/// On Linux the center is a client of `unotifyd`, the per-user agent that keeps the app's
/// settings, schedule and delivered notifications and shows them through the desktop's
/// notification server; where none is installed the agent's work runs in the app's own
/// process, and in a Flatpak sandbox it shows through the notification portal (see
/// <doc:AppsThatShip>). Linux has no bundles, so the app is identified by the environment
/// variable `UNOTIFY_APP_ID` (a reverse-DNS name such as `org.example.App`), else the bundle
/// identifier, else `local.<executable name>`. Methods that cannot throw on Apple platforms
/// keep their signatures: when the agent cannot be reached, queries return empty answers (and
/// settings `.notDetermined`), and removals do nothing.
public final class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    /// The identifier the backend keeps this app's state under.
    package let appIdentifier: String
    let backend: any NotificationCenterBackend
    private let queue = CenterOperationQueue()
    private let lock = NSLock()
    private weak var storedDelegate: (any UNUserNotificationCenterDelegate)?
    private var storedLastError: (any Error)?
    private var responseListener: Task<Void, Never>?

    /// Creates a center for one app over a backend (the agent client, or a fake in tests).
    package init(appIdentifier: String, backend: any NotificationCenterBackend) {
        self.appIdentifier = appIdentifier
        self.backend = backend
        super.init()
    }

    deinit {
        responseListener?.cancel()
    }

    private static let shared: UNUserNotificationCenter = {
        switch AppIdentity.resolve() {
        case .success(let identifier):
            return UNUserNotificationCenter(
                appIdentifier: identifier, backend: NotificationCenterBackendFactory.makeDefault(identifier))
        case .failure(let error):
            let identifier = ProcessInfo.processInfo.environment[AppIdentity.environmentVariable] ?? ""
            return UNUserNotificationCenter(
                appIdentifier: identifier, backend: UnavailableNotificationCenterBackend(error: error))
        }
    }()

    /// The app's shared notification center.
    ///
    /// On Linux the connection to `unotifyd` is set up on the first call; an invalid
    /// `UNOTIFY_APP_ID` makes every call fail with an error that says so.
    public class func current() -> UNUserNotificationCenter { shared }

    // MARK: Delegate

    /// The object that decides how notifications are presented while the app runs and that
    /// receives the user's responses. Held weakly.
    ///
    /// Set it before anything else, as Apple asks. On Linux setting it starts listening for the
    /// app's responses, including ones the agent kept while the app was not running.
    public var delegate: (any UNUserNotificationCenterDelegate)? {
        get { withLock { storedDelegate } }
        set {
            withLock { storedDelegate = newValue }
            if newValue != nil { startListeningForResponses() }
        }
    }

    /// Whether the device supports notification content extensions: always `false` on Linux.
    public var supportsContentExtensions: Bool { false }

    /// The last error a backend call reported, including those of methods with no way to report
    /// one (removals, `setNotificationCategories`, the response stream).
    package var lastError: (any Error)? { withLock { storedLastError } }

    // MARK: Authorization and settings

    /// Requests authorization to alert, play sounds and badge.
    ///
    /// On Linux the first request without `.provisional` shows a popup with *Allow* and
    /// *Don't Allow*; the handler gets the user's answer. A request with `.provisional` is
    /// granted at once. Later requests do not prompt and report the current grant.
    public func requestAuthorization(
        options: UNAuthorizationOptions = [],
        completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        complete(
            holdsQueue: false,
            { backend, app in try await backend.requestAuthorization(options: options, appIdentifier: app) }
        ) { result in
            switch result {
            case .success(let granted): completionHandler(granted, nil)
            case .failure(let error): completionHandler(false, error)
            }
        }
    }

    /// Requests authorization to alert, play sounds and badge; returns whether it was granted.
    ///
    /// - Throws: ``UNError`` when the agent cannot be reached or the app identity is invalid.
    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        try await perform(holdsQueue: false) { backend, app in
            try await backend.requestAuthorization(options: options, appIdentifier: app)
        }
    }

    /// Gets the app's notification settings.
    public func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {
        complete({ backend, app in try await backend.notificationSettings(appIdentifier: app) }) { result in
            // try?: Apple's signature has no error: it is kept in lastError (submit records it)
            completionHandler((try? result.get()) ?? .unavailable())
        }
    }

    /// The app's notification settings.
    public func notificationSettings() async -> UNNotificationSettings {
        // try?: Apple's signature has no error: it is kept in lastError (submit records it)
        (try? await perform { backend, app in try await backend.notificationSettings(appIdentifier: app) })
            ?? .unavailable()
    }

    // MARK: Categories

    /// Registers the app's notification categories, replacing those registered before.
    public func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        complete({ backend, app in try await backend.setCategories(categories, appIdentifier: app) }) { _ in }
    }

    /// Gets the app's registered categories.
    public func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void)
    {
        complete({ backend, app in try await backend.categories(appIdentifier: app) }) { result in
            // try?: Apple's signature has no error: it is kept in lastError (submit records it)
            completionHandler((try? result.get()) ?? [])
        }
    }

    /// The app's registered categories.
    public func notificationCategories() async -> Set<UNNotificationCategory> {
        // try?: Apple's signature has no error: it is kept in lastError (submit records it)
        (try? await perform { backend, app in try await backend.categories(appIdentifier: app) }) ?? []
    }

    // MARK: Requests

    /// Schedules a notification; the handler gets `nil` or the error.
    ///
    /// On Linux the request is checked first: an invalid trigger (see
    /// ``UNTimeIntervalNotificationTrigger``) fails with `.notificationInvalidNoDate`, empty
    /// content with `.notificationInvalidNoContent`. An app that is not authorized gets
    /// `.notificationsNotAllowed`.
    public func add(
        _ request: UNNotificationRequest,
        withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        complete({ backend, app in try await Self.add(request, to: backend, appIdentifier: app) }) { result in
            if case .failure(let error) = result { completionHandler?(error) } else { completionHandler?(nil) }
        }
    }

    /// Schedules a notification.
    ///
    /// - Throws: ``UNError``: `.notificationInvalidNoDate` for a trigger that cannot fire,
    ///   `.notificationInvalidNoContent` for empty content, `.notificationsNotAllowed` when the
    ///   app is not authorized or the agent cannot be reached.
    public func add(_ request: UNNotificationRequest) async throws {
        try await perform { backend, app in try await Self.add(request, to: backend, appIdentifier: app) }
    }

    private static func add(
        _ request: UNNotificationRequest, to backend: any NotificationCenterBackend, appIdentifier: String
    ) async throws {
        if let error = request.validationError() { throw error }
        try await backend.add(request, appIdentifier: appIdentifier)
    }

    /// Gets the requests waiting for their trigger.
    public func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void)
    {
        complete({ backend, app in try await backend.pendingRequests(appIdentifier: app) }) { result in
            // try?: Apple's signature has no error: it is kept in lastError (submit records it)
            completionHandler((try? result.get()) ?? [])
        }
    }

    /// The requests waiting for their trigger.
    public func pendingNotificationRequests() async -> [UNNotificationRequest] {
        // try?: Apple's signature has no error: it is kept in lastError (submit records it)
        (try? await perform { backend, app in try await backend.pendingRequests(appIdentifier: app) }) ?? []
    }

    /// Unschedules the pending requests with these identifiers.
    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        complete({ backend, app in try await backend.removePending(identifiers: identifiers, appIdentifier: app) }) {
            _ in
        }
    }

    /// Unschedules every pending request.
    public func removeAllPendingNotificationRequests() {
        complete({ backend, app in try await backend.removePending(identifiers: nil, appIdentifier: app) }) { _ in }
    }

    // MARK: Delivered notifications

    /// Gets the delivered notifications still shown or in the notification history.
    public func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) {
        complete({ backend, app in try await backend.deliveredNotifications(appIdentifier: app) }) { result in
            // try?: Apple's signature has no error: it is kept in lastError (submit records it)
            completionHandler((try? result.get()) ?? [])
        }
    }

    /// The delivered notifications still shown or in the notification history.
    public func deliveredNotifications() async -> [UNNotification] {
        // try?: Apple's signature has no error: it is kept in lastError (submit records it)
        (try? await perform { backend, app in try await backend.deliveredNotifications(appIdentifier: app) }) ?? []
    }

    /// Removes the delivered notifications with these identifiers (on Linux: closes their
    /// popups with `CloseNotification`).
    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        complete({ backend, app in try await backend.removeDelivered(identifiers: identifiers, appIdentifier: app) }) {
            _ in
        }
    }

    /// Removes every delivered notification of the app.
    public func removeAllDeliveredNotifications() {
        complete({ backend, app in try await backend.removeDelivered(identifiers: nil, appIdentifier: app) }) { _ in }
    }

    // MARK: Badge

    /// Sets the app's badge count; `0` removes the badge. The handler gets `nil` or the error.
    ///
    /// On Linux the count goes to docks and launchers as a `com.canonical.Unity.LauncherEntry`
    /// update. A negative count fails with `.badgeInputInvalid`.
    public func setBadgeCount(
        _ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        complete({ backend, app in try await Self.setBadgeCount(newBadgeCount, on: backend, appIdentifier: app) }) {
            result in
            if case .failure(let error) = result { completionHandler?(error) } else { completionHandler?(nil) }
        }
    }

    /// Sets the app's badge count; `0` removes the badge.
    ///
    /// - Throws: ``UNError`` `.badgeInputInvalid` for a negative count, or the backend's error.
    public func setBadgeCount(_ newBadgeCount: Int) async throws {
        try await perform { backend, app in try await Self.setBadgeCount(newBadgeCount, on: backend, appIdentifier: app)
        }
    }

    private static func setBadgeCount(
        _ count: Int, on backend: any NotificationCenterBackend, appIdentifier: String
    ) async throws {
        guard count >= 0 else {
            throw UNError(.badgeInputInvalid, "Badge count \(count) is negative: use 0 to remove the badge.")
        }
        try await backend.setBadgeCount(count, appIdentifier: appIdentifier)
    }

    // MARK: Responses

    /// Starts, once, the task that feeds the backend's responses to the delegate.
    private func startListeningForResponses() {
        withLock {
            guard responseListener == nil else { return }
            responseListener = Task { [weak self, backend, appIdentifier] in
                do {
                    try await backend.setPresenter(appIdentifier: appIdentifier) { [weak self] notification in
                        await self?.presentationOptions(for: notification)
                    }
                    let responses = try await backend.responses(appIdentifier: appIdentifier)
                    for await response in responses {
                        guard let self else { return }
                        await self.deliver(response)
                    }
                } catch {
                    self?.record(error)
                }
            }
        }
    }

    // MARK: Running operations

    private typealias Operation<T> = @Sendable (any NotificationCenterBackend, String) async throws -> T

    /// Runs an operation in order and waits for it, recording a failure in `lastError`.
    private func perform<T: Sendable>(holdsQueue: Bool = true, _ operation: @escaping Operation<T>) async throws -> T {
        let task = submit(holdsQueue: holdsQueue, operation)
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Runs an operation in order and hands its result to `completion`. The process's exit
    /// waits until it has (``CompletionDrain``): a tool may end right after calling.
    private func complete<T: Sendable>(
        holdsQueue: Bool = true, _ operation: @escaping Operation<T>,
        completion: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        let drain = CompletionDrain.shared
        drain.begin()
        let task = submit(holdsQueue: holdsQueue, operation)
        Task {
            let result = await task.result
            drain.runHandler { completion(result) }
            drain.end()
        }
    }

    private func submit<T: Sendable>(holdsQueue: Bool, _ operation: @escaping Operation<T>) -> Task<T, any Error> {
        queue.submit(holdsQueue: holdsQueue) { [backend, appIdentifier, weak self] in
            do {
                return try await operation(backend, appIdentifier)
            } catch {
                self?.record(error)
                throw error
            }
        }
    }

    private func record(_ error: any Error) {
        withLock { storedLastError = error }
    }

    private func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
