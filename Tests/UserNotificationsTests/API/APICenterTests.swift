import Foundation
import TestSupport
import Testing
import UserNotifications

/// A delegate written as Apple-platform code writes one (completion-handler forms), recording
/// what the center hands it on a stream the test reads.
final class APICompletionDelegate: NSObject, UNUserNotificationCenterDelegate {
    let events: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    override init() {
        (events, continuation) = AsyncStream.makeStream(of: String.self)
        super.init()
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        continuation.yield("willPresent \(notification.request.identifier)")
        completionHandler([.banner, .sound])
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let text = (response as? UNTextInputNotificationResponse).map { " \"\($0.userText)\"" } ?? ""
        continuation.yield("didReceive \(response.notification.request.identifier) \(response.actionIdentifier)\(text)")
        completionHandler()
    }
}

/// A delegate that implements only the `async` forms.
final class APIAsyncDelegate: UNUserNotificationCenterDelegate {
    let events: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() { (events, continuation) = AsyncStream.makeStream(of: String.self) }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        continuation.yield("willPresent async")
        return [.list]
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        continuation.yield("didReceive async \(response.actionIdentifier)")
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
        continuation.yield("openSettings \(notification?.request.identifier ?? "nil")")
    }
}

/// A delegate that implements nothing: every method is optional.
final class APIEmptyDelegate: UNUserNotificationCenterDelegate {}

private func makeRequest(_ identifier: String, trigger: UNNotificationTrigger? = nil) -> UNNotificationRequest {
    let content = UNMutableNotificationContent()
    content.title = "Title \(identifier)"
    return UNNotificationRequest(identifier: identifier, content: content, trigger: trigger)
}

private func makeNotification(_ identifier: String) -> UNNotification {
    UNNotification(request: makeRequest(identifier), date: Date(timeIntervalSince1970: 1_800_000_000))
}

@Suite(.timeLimit(.minutes(1))) struct APICenterTests {
    let backend = APIFakeBackend()
    let center: UNUserNotificationCenter

    init() {
        center = UNUserNotificationCenter(appIdentifier: "org.example.Tests", backend: backend)
    }

    @Test func asyncFormsReachTheBackendWithTheAppIdentifier() async throws {
        let app = "org.example.Tests"
        #expect(try await center.requestAuthorization(options: [.alert, .badge]))
        #expect(await center.notificationSettings().authorizationStatus == .authorized)
        try await center.add(makeRequest("a"))
        #expect(await center.pendingNotificationRequests().map(\.identifier) == ["a"])
        let category = UNNotificationCategory(identifier: "c", actions: [], intentIdentifiers: [])
        center.setNotificationCategories([category])
        #expect(await center.notificationCategories().map(\.identifier) == ["c"])
        await backend.setDelivered([makeNotification("d")])
        #expect(await center.deliveredNotifications().map(\.request.identifier) == ["d"])
        try await center.setBadgeCount(3)
        #expect(await backend.badgeCount == 3)
        #expect(
            await backend.calls == [
                .requestAuthorization(UNAuthorizationOptions([.alert, .badge]).rawValue, app: app),
                .notificationSettings(app: app),
                .add("a", app: app),
                .pendingRequests(app: app),
                .setCategories(["c"], app: app),
                .categories(app: app),
                .deliveredNotifications(app: app),
                .setBadgeCount(3, app: app),
            ])
    }

    @Test func completionFormsReachTheBackendWithTheAppIdentifier() async throws {
        let app = "org.example.Tests"
        let granted: Bool = await withCheckedContinuation { continuation in
            center.requestAuthorization(options: [.sound]) { granted, error in
                continuation.resume(returning: granted && error == nil)
            }
        }
        #expect(granted)
        let status = await withCheckedContinuation { continuation in
            center.getNotificationSettings { continuation.resume(returning: $0.authorizationStatus) }
        }
        #expect(status == .authorized)
        let addError: (any Error)? = await withCheckedContinuation { continuation in
            center.add(makeRequest("b")) { continuation.resume(returning: $0) }
        }
        #expect(addError == nil)
        let pending = await withCheckedContinuation { continuation in
            center.getPendingNotificationRequests { continuation.resume(returning: $0.map(\.identifier)) }
        }
        #expect(pending == ["b"])
        let categories = await withCheckedContinuation { continuation in
            center.getNotificationCategories { continuation.resume(returning: $0.count) }
        }
        #expect(categories == 0)
        let delivered = await withCheckedContinuation { continuation in
            center.getDeliveredNotifications { continuation.resume(returning: $0.count) }
        }
        #expect(delivered == 0)
        let badgeError: (any Error)? = await withCheckedContinuation { continuation in
            center.setBadgeCount(0) { continuation.resume(returning: $0) }
        }
        #expect(badgeError == nil)
        center.removePendingNotificationRequests(withIdentifiers: ["b"])
        center.removeAllPendingNotificationRequests()
        center.removeDeliveredNotifications(withIdentifiers: ["x"])
        center.removeAllDeliveredNotifications()
        // A query queued after the fire-and-forget calls runs after them.
        #expect(await center.pendingNotificationRequests().isEmpty)
        #expect(
            await backend.calls == [
                .requestAuthorization(UNAuthorizationOptions.sound.rawValue, app: app),
                .notificationSettings(app: app),
                .add("b", app: app),
                .pendingRequests(app: app),
                .categories(app: app),
                .deliveredNotifications(app: app),
                .setBadgeCount(0, app: app),
                .removePending(["b"], app: app),
                .removePending(nil, app: app),
                .removeDelivered(["x"], app: app),
                .removeDelivered(nil, app: app),
                .pendingRequests(app: app),
            ])
    }

    /// Apple-style calls from synchronous code, none awaited.
    private func scheduleWithoutWaiting() {
        for index in 0..<20 { center.add(makeRequest("r\(index)")) }
        center.removePendingNotificationRequests(withIdentifiers: ["r3", "r7"])
        center.add(makeRequest("r3"))
    }

    @Test func fireAndForgetCallsReachTheBackendInCallOrder() async throws {
        scheduleWithoutWaiting()
        let pending = await center.pendingNotificationRequests().map(\.identifier)
        let expected = (0..<20).map { "r\($0)" }.filter { $0 != "r3" && $0 != "r7" } + ["r3"]
        #expect(pending == expected)
    }

    @Test func authorizationWaitingForTheUserDoesNotBlockOtherCalls() async throws {
        await backend.setHoldsAuthorization(true)
        let answer = Task { [center] in try await center.requestAuthorization(options: [.alert]) }
        try await Eventually.wait(timeout: .seconds(10), "the backend to hold the authorization call") {
            await backend.authorizationIsWaiting
        }
        #expect(await center.notificationSettings().authorizationStatus == .authorized)
        try await center.add(makeRequest("while-prompting"))
        await backend.releaseAuthorization()
        #expect(try await answer.value)
    }

    @Test func backendErrorsReachCompletionHandlersAndThrowingForms() async throws {
        await backend.setFailure(UNError(.notificationsNotAllowed, "denied by the test"))
        let addError: (any Error)? = await withCheckedContinuation { continuation in
            center.add(makeRequest("x")) { continuation.resume(returning: $0) }
        }
        #expect((addError as? UNError)?.code == .notificationsNotAllowed)
        #expect(addError?.localizedDescription == "denied by the test")
        let authorization: (Bool, UNError.Code?) = await withCheckedContinuation { continuation in
            center.requestAuthorization(options: [.alert]) { granted, error in
                continuation.resume(returning: (granted, (error as? UNError)?.code))
            }
        }
        #expect(authorization.0 == false)
        #expect(authorization.1 == .notificationsNotAllowed)
        let badgeError: (any Error)? = await withCheckedContinuation { continuation in
            center.setBadgeCount(2) { continuation.resume(returning: $0) }
        }
        #expect(badgeError is UNError)
        await #expect(throws: UNError.self) { try await center.add(makeRequest("y")) }
        await #expect(throws: UNError.self) { try await center.requestAuthorization() }
        await #expect(throws: UNError.self) { try await center.setBadgeCount(1) }
    }

    @Test func nonThrowingMethodsAnswerEmptyAndRecordTheError() async throws {
        await backend.setFailure(UNError(.notificationsNotAllowed, "agent gone"))
        let settings = await center.notificationSettings()
        #expect(settings.authorizationStatus == .notDetermined)
        #expect(settings.alertSetting == .notSupported)
        #expect(await center.pendingNotificationRequests().isEmpty)
        #expect(await center.deliveredNotifications().isEmpty)
        #expect(await center.notificationCategories().isEmpty)
        await backend.setFailure(UNError(.attachmentCorrupt, "removal failed"))
        center.removeAllPendingNotificationRequests()
        _ = await center.notificationCategories()  // queued after the removal
        #expect((center.lastError as? UNError)?.code == .attachmentCorrupt)
        #expect(await backend.calls.contains(.removePending(nil, app: "org.example.Tests")))
    }

    @Test func invalidRequestsFailBeforeTheBackend() async throws {
        let zero = UNTimeIntervalNotificationTrigger(timeInterval: 0, repeats: false)
        let error: (any Error)? = await withCheckedContinuation { continuation in
            center.add(makeRequest("zero", trigger: zero)) { continuation.resume(returning: $0) }
        }
        #expect((error as? UNError)?.code == .notificationInvalidNoDate)
        let short = UNTimeIntervalNotificationTrigger(timeInterval: 30, repeats: true)
        await #expect(throws: UNError.self) { try await center.add(makeRequest("short", trigger: short)) }
        let empty = UNNotificationRequest(identifier: "empty", content: UNNotificationContent(), trigger: nil)
        do {
            try await center.add(empty)
            Issue.record("an empty request was accepted")
        } catch UNError.notificationInvalidNoContent {
        }
        await #expect(throws: UNError.self) { try await center.setBadgeCount(-1) }
        #expect(await backend.calls.isEmpty)
    }

    @Test func responsesReachACompletionHandlerDelegate() async throws {
        let delegate = APICompletionDelegate()
        center.delegate = delegate
        try await Eventually.wait(timeout: .seconds(10), "the center to subscribe to responses") {
            await backend.subscriberCount == 1
        }
        #expect(await backend.calls == [.responses(app: "org.example.Tests")])
        await backend.emit(
            UNNotificationResponse(
                notification: makeNotification("n1"), actionIdentifier: UNNotificationDefaultActionIdentifier))
        await backend.emit(
            UNTextInputNotificationResponse(
                notification: makeNotification("n2"), actionIdentifier: "reply", userText: "hi"))
        var events = delegate.events.makeAsyncIterator()
        #expect(await events.next() == "didReceive n1 com.apple.UNNotificationDefaultActionIdentifier")
        #expect(await events.next() == "didReceive n2 reply \"hi\"")
        #expect(await center.presentationOptions(for: makeNotification("n3")) == [.banner, .sound])
        #expect(await events.next() == "willPresent n3")
        // Setting the delegate again does not subscribe twice.
        center.delegate = delegate
        #expect(await backend.subscriberCount == 1)
    }

    @Test func asyncDelegateFormsAreCalled() async throws {
        let delegate = APIAsyncDelegate()
        center.delegate = delegate
        var events = delegate.events.makeAsyncIterator()
        #expect(await center.presentationOptions(for: makeNotification("p")) == [.list])
        #expect(await events.next() == "willPresent async")
        await center.deliver(UNNotificationResponse(notification: makeNotification("p"), actionIdentifier: "open"))
        #expect(await events.next() == "didReceive async open")
        center.openSettings(for: nil)
        #expect(await events.next() == "openSettings nil")
    }

    @Test func everyDelegateMethodIsOptional() async throws {
        let delegate = APIEmptyDelegate()
        center.delegate = delegate
        #expect(await center.presentationOptions(for: makeNotification("q")) == [])
        await center.deliver(UNNotificationResponse(notification: makeNotification("q"), actionIdentifier: "x"))
        center.openSettings(for: makeNotification("q"))
    }

    @Test func theDelegateIsHeldWeakly() async throws {
        var delegate: APIEmptyDelegate? = APIEmptyDelegate()
        center.delegate = delegate
        #expect(center.delegate === delegate)
        delegate = nil
        #expect(center.delegate == nil)
        #expect(await center.presentationOptions(for: makeNotification("w")) == nil)
    }

    @Test func responseStreamFailureIsRecorded() async throws {
        await backend.setFailure(UNError(.notificationsNotAllowed, "no agent"))
        let delegate = APIEmptyDelegate()
        center.delegate = delegate
        try await Eventually.wait(timeout: .seconds(10), "the subscription failure") { center.lastError != nil }
        #expect((center.lastError as? UNError)?.code == .notificationsNotAllowed)
    }

    @Test func sharedCenterIsOneObjectWithoutContentExtensions() {
        let center = UNUserNotificationCenter.current()
        #expect(center === UNUserNotificationCenter.current())
        #expect(center.supportsContentExtensions == false)
    }

    @Test func unavailableBackendExplainsItself() async throws {
        let unavailable = UnavailableNotificationCenterBackend(
            error: UNError(.notificationsNotAllowed, "unotifyd is not available: test"))
        let center = UNUserNotificationCenter(appIdentifier: "org.example.None", backend: unavailable)
        do {
            try await center.add(makeRequest("u"))
            Issue.record("add succeeded without a backend")
        } catch UNError.notificationsNotAllowed {
            #expect(center.lastError?.localizedDescription.contains("unotifyd is not available") == true)
        }
    }
}
