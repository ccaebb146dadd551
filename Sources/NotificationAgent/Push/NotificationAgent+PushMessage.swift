import DBus
import Foundation
import NotificationAgentClient
import UserNotificationsCore

/// One push message from a distributor: its token and sender checked, then decrypted, read as
/// an APNs payload and delivered through the permission pipeline, or dropped, counted and logged.
extension NotificationAgent {
    /// Decrypts, reads and delivers one push message; every drop is counted and logged.
    ///
    /// - Throws: the error the distributor is answered with when `push.json` cannot be read: the
    ///   message is refused, so that a distributor that sends it again keeps it, and the token is
    ///   kept; the agent keeps it too (the store (``WaitingPushTable``), ``keepWaiting(_:token:id:from:)``) and
    ///   delivers it once the file can be read.
    func receive(_ body: [UInt8], token: String, id given: String, from sender: String? = nil) async throws {
        let found: (app: String, subscription: PushSubscription)?
        do {
            found = try subscription(forToken: token, refusing: "a message")
        } catch {
            let kept = await keepWaiting(body, token: token, id: given, from: sender)
            throw stateUnreadable(
                error,
                then: kept
                    ? "the message is kept in \(push.waiting.path) and shown once the file is repaired"
                    : "the message was not kept; send it again once the file is repaired")
        }
        guard let (app, subscription) = found else {
            drop(.unknownToken, "a message for an unknown token was dropped")
            return forgetUnknownToken(token, at: sender)
        }
        try await checkSender(sender, of: subscription, app: app, call: "Message")
        // The messages kept while the file could not be read go first.
        if push.mayHaveWaiting { await deliverWaiting() }
        await deliver(body, token: token, id: given, app: app, subscription: subscription)
    }

    /// Delivers one message for `app` (replay check, decryption, payload) once its token and
    /// sender were checked; every drop is counted and logged.
    func deliver(_ body: [UInt8], token: String, id given: String, app: String, subscription: PushSubscription)
        async
    {
        // A message without an id is known by its bytes (``BodyMessageID``).
        let id = given.isEmpty ? BodyMessageID.of(body) : given
        let key = SeenPushJournal.key(token: token, id: id)
        if !id.isEmpty, push.recent.contains(key) {
            return drop(.replayed, "a replayed message \(id) for \(app) was dropped")
        }
        guard let keys = subscription.keys else { return drop(.undecryptable, "\(app)'s stored keys are malformed") }
        let plaintext: Data
        do {
            plaintext = try WebPushDecryption.decrypt(Data(body), with: keys)
        } catch {
            return drop(.undecryptable, "a message for \(app) was dropped: \(error)")
        }
        // Seen only once it decrypted: a flood of junk ids cannot push real ones out of the window.
        if !id.isEmpty {
            _ = push.recent.insert(key)
            if !push.seen.record(token: token, id: id, recent: push.recent) {
                logPush(
                    "message \(id) for \(app) could not be noted in \(push.seen.url.path): sent again after a restart, it would be shown again"
                )
            }
        }
        let payload: APNsPayload
        do {
            payload = try APNsPayload(json: plaintext)
        } catch {
            return drop(.invalidPayload, "a message for \(app) was dropped: \(error)")
        }
        let request = payload.deliveryRequest(
            identifier: APNsPayload.generatedIdentifier(), strings: AppStringsTable.load(app: app))
        if payload.contentAvailable, !request.hasContent {
            // A silent push: for the running app's delegate (asked as for willPresent, which
            // tells it apart), never shown. Not while the app may not notify at all.
            // try?: an unreadable setting drops the silent push, reported by drop below
            guard (try? checkMayNotifyAtAll(app: app)) == true else {
                return drop(.notAllowed, "a silent push for \(app) was dropped: the app may not notify")
            }
            guard await askPresenter(app: app, request: request) != nil else {
                return drop(.notShown, "a silent push for \(app) was dropped: the app is not running with a delegate")
            }
            return push.counts.record(.background)
        }
        do {
            _ = try await add(request, app: app)
            push.counts.record(.delivered)
        } catch let error as AgentError where error.code == .notAllowed {
            drop(.notAllowed, "a message for \(app) was dropped: \(error.message)")
        } catch {
            drop(.notShown, "a message for \(app) was not shown: \(error)")
        }
    }

    /// Refuses a connector call about `app`'s subscription unless it comes from the connection
    /// that owns the distributor's name the token was registered with (UnifiedPush's rule): no
    /// other program on the bus may show, re-route or end an app's remote notifications.
    func checkSender(_ sender: String?, of subscription: PushSubscription, app: String, call: String)
        async throws
    {
        // try?: an owner that cannot be read is no match: the message is refused below and logged
        let owner = try? await connection.nameOwner(of: BusName(validating: subscription.distributor))
        guard let sender, let owner, sender == owner else {
            push.counts.record(.foreignSender)
            logPush(
                "refused \(call) for \(app) from \(sender ?? "an unknown sender"): only its distributor "
                    + "\(subscription.distributor) may call it")
            throw DBusError(
                .remote, "only the distributor \(app) registered with may call \(call) for its token",
                name: ErrorName.accessDenied.rawValue)
        }
    }

    /// Whether `app` is authorized or provisional.
    private func checkMayNotifyAtAll(app: String) throws -> Bool {
        let authorization = try authorizations.settings(for: app).authorization
        return authorization == .authorized || authorization == .provisional
    }

    /// Asks the distributor that sent a message for a token the agent has no record of (its
    /// state lost, or restored from an old copy) to unregister it: nothing would ever read its
    /// messages, and once it is gone the app server is told so (410) and can stop. Asked once
    /// per token, and for at most ``unknownTokensAskedAtOnce`` tokens at a time, so a flood of
    /// made-up tokens costs bounded work. The distributor's `Unregistered` is the confirmation.
    func forgetUnknownToken(_ token: String, at sender: String?) {
        guard let sender, !push.unregistering.contains(token),
            push.unregistering.count < Self.unknownTokensAskedAtOnce,
            // try?: a sender that is no valid name is not asked to unregister an unknown token
            let distributor = try? client(sender)
        else { return }
        push.unregistering.insert(token)
        // After the reply to `Message`: a distributor may wait for it before it reads calls.
        Task { [weak self] in
            do {
                try await distributor.unregister(token: token)
                await self?.logPush("asked \(sender) to unregister the unknown token")
            } catch {
                await self?.logPush("\(sender) was not asked to unregister an unknown token: \(error)")
                await self?.tokenNoLongerUnregistering(token)
            }
        }
    }

    /// How many unknown tokens may wait for their distributor's `Unregistered` at once.
    static let unknownTokensAskedAtOnce = 64

    private func tokenNoLongerUnregistering(_ token: String) {
        push.unregistering.remove(token)
    }

    func drop(_ outcome: PushCounts.Outcome, _ line: String) {
        push.counts.record(outcome)
        logPush(line)
    }
}
