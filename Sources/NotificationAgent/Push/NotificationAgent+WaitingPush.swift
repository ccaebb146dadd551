import DBus
import Dispatch
import Foundation
import NotificationAgentClient

/// The messages a distributor handed over while `push.json` could not be read. A distributor
/// may never send them again (KUnifiedPush does not), so the agent keeps them in
/// the store (``WaitingPushTable``, bounded by ``WaitingPushTable/maximumCount`` messages and
/// ``WaitingPushTable/maximumBytes`` bytes, everything counted, the oldest dropped first) and delivers each once
/// the file can be read: when it is repaired (a watch on it), at the next message, or at the
/// next start of an agent. Each is taken out of the file after it was delivered; one delivered
/// and still in the file (the agent killed in between) is dropped as a replay by
/// `push-seen.journal`, so it is shown once.
extension NotificationAgent {
    /// Keeps a message refused because `push.json` cannot be read; whether it was kept. Only a
    /// message from a distributor's connection is kept, with the distributor names it owned, so
    /// that it is delivered only if its token's distributor is among them.
    func keepWaiting(_ body: [UInt8], token: String, id: String, from sender: String?) async -> Bool {
        guard (1...WebPushDecryption.maximumBodyBytes).contains(body.count) else {
            logPush("a message of \(body.count) bytes is not kept: Web Push bodies have 1 to 4096")
            return false
        }
        guard let sender, let owned = await distributorNames(ownedBy: sender), !owned.isEmpty else {
            logPush("a message from \(sender ?? "an unknown sender") is not kept: it owns no distributor name")
            return false
        }
        let message = WaitingPushMessage(token: token, id: id, body: Base64URL.encode(body), distributors: owned)
        let dropped: [WaitingPushMessage]
        do {
            dropped = try push.waiting.append(message)
        } catch {
            logPush("a message could not be kept, so it is lost unless its distributor sends it again: \(error)")
            return false
        }
        for _ in dropped {
            push.counts.record(.waitingDropped)
            let line =
                "the oldest message waiting in \(push.waiting.path) was dropped unshown: at most "
                + "\(WaitingPushTable.maximumCount) messages and \(WaitingPushTable.maximumBytes) bytes wait"
            // The first drop is always said, even in a flood the throttle cuts; the count has the rest.
            if push.waitingDropSaid {
                logPush(line)
            } else {
                push.waitingDropSaid = true
                log.write("push: \(line)")
            }
        }
        push.counts.record(.kept)
        push.mayHaveWaiting = true
        logPush("the message is kept in \(push.waiting.path) until \(push.file.url.path) can be read")
        watchForReadableSubscriptions()
        return true
    }

    /// Delivers the messages waiting in the store, oldest first, when `push.json` can
    /// be read; otherwise leaves them, and the watch, waiting. A call while a delivery is under
    /// way makes its own after that one: the file may have become readable since it looked.
    func deliverWaiting() async {
        let previous = push.waitingDelivery
        let delivery = Task {
            await previous?.value
            await self.deliverEachWaiting()
        }
        push.waitingDelivery = delivery
        await delivery.value
    }

    private func deliverEachWaiting() async {
        // A deleted push.json reads as no subscriptions: the waiting messages wait for the file
        // that is put back (or for the next registration, which makes one).
        guard push.document != nil || FileManager.default.fileExists(atPath: push.file.url.path),
            // try?: still unreadable: the messages wait, and the watch with them
            (try? subscriptions()) != nil
        else {
            // try?: a waiting file that cannot be read is said when push.json can be read
            if push.registerAgainWhenReadable || (try? push.waiting.count()) != 0 {
                watchForReadableSubscriptions()
            }
            return
        }
        push.waitingWatch?.cancel()
        push.waitingWatch = nil
        if push.registerAgainWhenReadable {
            push.registerAgainWhenReadable = false
            Task { [weak self] in await self?.registerAgain() }
        }
        while true {
            let message: WaitingPushMessage
            do {
                guard let first = try push.waiting.first() else {
                    push.mayHaveWaiting = false
                    return
                }
                message = first
            } catch {
                // Said once: the file is left as it is, for the user to read or remove.
                push.mayHaveWaiting = false
                return logPush("the messages waiting in \(push.waiting.path) cannot be read: \(error)")
            }
            await deliverWaiting(message)
            do {
                try push.waiting.remove(message)
            } catch {
                // Delivered and left in the file: the next agent drops it as a replay.
                return logPush("a delivered message stays in \(push.waiting.path): \(error)")
            }
        }
    }

    /// Delivers one waiting message as a distributor's `Message` would have been.
    private func deliverWaiting(_ message: WaitingPushMessage) async {
        guard let body = message.bytes else {
            return drop(.undecryptable, "a message waiting in \(push.waiting.path) is no base64url: dropped")
        }
        guard let (app, subscription) = push.app(for: message.token) else {
            drop(.unknownToken, "a waiting message for an unknown token was dropped")
            if let distributor = message.distributors.first { forgetUnknownToken(message.token, at: distributor) }
            return
        }
        guard message.distributors.contains(subscription.distributor) else {
            return drop(
                .foreignSender,
                "a waiting message for \(app) was dropped: it came from \(message.distributors.joined(separator: ", ")), "
                    + "not from its distributor \(subscription.distributor)")
        }
        await deliver(body, token: message.token, id: message.id, app: app, subscription: subscription)
    }

    /// Starts watching `push.json`, once, so that the waiting messages are delivered (and the
    /// subscriptions registered again, ``AgentPush/registerAgainWhenReadable``) when it is repaired.
    func watchForReadableSubscriptions() {
        guard push.waitingWatch == nil else { return }
        do {
            push.waitingWatch = try FileNameWatch(
                name: PushSubscriptionsFile.fileName, in: push.file.directory.path, queue: .global()
            ) { [weak self] in
                Task { await self?.deliverWaiting() }
            }
        } catch {
            logPush("a repaired push.json is noticed only at the next message or start: \(error)")
        }
    }

    /// The distributor names `sender` (a unique name) owns; nil when the bus cannot be asked.
    private func distributorNames(ownedBy sender: String) async -> [String]? {
        // try?: a bus that cannot be asked keeps nothing, and the caller logs so
        guard let names = try? await connection.listNames() else { return nil }
        var owned: [String] = []
        for name in names.sorted() where UnifiedPush.isDistributor(name) {
            // try?: a name that has gone, or is no valid name, is not the sender's
            if let busName = try? BusName(validating: name), (try? await connection.nameOwner(of: busName)) == sender {
                owned.append(name)
            }
        }
        return owned
    }
}
