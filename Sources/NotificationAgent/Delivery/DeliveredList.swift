import DequeModule
import FreedesktopNotifications
import NotificationAgentClient

/// The notifications the agent delivered and the server still shows: by owned id, by app and
/// identifier (a send that replaces one finds it at once, however many are shown), and per app
/// in the order they were shown, at most ``maximumPerApp`` each (the oldest is forgotten
/// beyond it). Every change is also kept in order (``takeChanges()``), for the store.
struct DeliveredList: Sendable {
    /// At most this many notifications of one app are kept delivered; beyond it the oldest is
    /// forgotten (it stays on screen, but the app can no longer replace or remove it, and a
    /// click on it reaches nobody), as Notification Center keeps a limited number per app.
    static let maximumPerApp = 1_000

    private(set) var byID: [OwnedNotificationID: DeliveredNotification] = [:]
    private var byKey: [PendingKey: OwnedNotificationID] = [:]
    /// Per app, ids in the order they were shown, each with the generation it was shown in;
    /// an entry whose id is no longer delivered in that generation is stale, and skipped.
    private var order: [String: Deque<Slot>] = [:]
    /// The generation each delivered id was last shown in.
    private var generations: [OwnedNotificationID: UInt64] = [:]
    private var nextGeneration: UInt64 = 0
    private var counts: [String: Int] = [:]
    private var changes: [DeliveredChange] = []

    /// One entry of an app's order.
    private struct Slot: Sendable {
        let id: OwnedNotificationID
        let generation: UInt64
    }

    private func isLive(_ slot: Slot) -> Bool { generations[slot.id] == slot.generation }

    subscript(id: OwnedNotificationID) -> DeliveredNotification? { byID[id] }

    /// How many are delivered.
    var count: Int { byID.count }

    /// Whether nothing is delivered.
    var isEmpty: Bool { byID.isEmpty }

    /// The id `app`'s notification `identifier` is shown under, if any. O(1).
    func id(app: String, identifier: String) -> OwnedNotificationID? {
        byKey[PendingKey(app: app, identifier: identifier)]
    }

    /// Keeps `notification` as shown under `id`; returns those forgotten to stay within
    /// ``maximumPerApp`` (their attachments can go). `recorded`: whether the store must be told
    /// (not for one read from it).
    mutating func add(_ notification: DeliveredNotification, at id: OwnedNotificationID, recorded: Bool = true)
        -> [DeliveredNotification]
    {
        if let old = byID[id] { unindex(old, at: id) }
        let key = PendingKey(app: notification.app, identifier: notification.request.identifier)
        if let other = byKey[key], other != id, let replaced = byID[other] {
            // The same identifier shown under another id: only the newest answers to it.
            unindex(replaced, at: other)
            byID[other] = nil
            changes.append(.removed(other))
        }
        byID[id] = notification
        byKey[key] = id
        nextGeneration += 1
        generations[id] = nextGeneration
        order[notification.app, default: []].append(Slot(id: id, generation: nextGeneration))
        counts[notification.app, default: 0] += 1
        if recorded { changes.append(.added(notification, at: id)) }
        var forgotten: [DeliveredNotification] = []
        while counts[notification.app, default: 0] > Self.maximumPerApp,
            let oldest = order[notification.app]?.popFirst()
        {
            guard isLive(oldest), let old = remove(oldest.id) else { continue }
            forgotten.append(old)
        }
        return forgotten
    }

    /// Forgets the notification shown under `id`; returns it.
    mutating func remove(_ id: OwnedNotificationID) -> DeliveredNotification? {
        guard let old = byID.removeValue(forKey: id) else { return nil }
        unindex(old, at: id)
        changes.append(.removed(id))
        compact(old.app)
        return old
    }

    /// Forgets everything `owner` showed; returns it.
    mutating func forget(owner: String) -> [DeliveredNotification] {
        let gone = byID.filter { $0.key.owner == owner }
        guard !gone.isEmpty else { return [] }
        for (id, notification) in gone {
            byID[id] = nil
            unindex(notification, at: id)
        }
        for app in Set(gone.values.map(\.app)) { compact(app) }
        changes.append(.forgotOwner(owner))
        return Array(gone.values)
    }

    /// The notifications of `app`, oldest first.
    func delivered(app: String) -> [(id: OwnedNotificationID, notification: DeliveredNotification)] {
        (order[app] ?? []).compactMap { slot in
            guard isLive(slot), let notification = byID[slot.id] else { return nil }
            return (slot.id, notification)
        }.sorted { $0.notification.date < $1.notification.date }
    }

    /// Records that what `owner` showed is gone, for the store (what an earlier agent kept of
    /// a server connection that no longer runs).
    mutating func noteGone(owner: String) {
        changes.append(.forgotOwner(owner))
    }

    /// The changes since the last call, in order.
    mutating func takeChanges() -> [DeliveredChange] {
        defer { changes = [] }
        return changes
    }

    /// Whether changes wait for the store.
    var hasChanges: Bool { !changes.isEmpty }

    private mutating func unindex(_ notification: DeliveredNotification, at id: OwnedNotificationID) {
        let key = PendingKey(app: notification.app, identifier: notification.request.identifier)
        if byKey[key] == id { byKey[key] = nil }
        generations[id] = nil
        counts[notification.app, default: 1] -= 1
        if counts[notification.app] == 0 {
            counts[notification.app] = nil
            order[notification.app] = nil
        }
    }

    /// Drops the stale entries from the front of `app`'s order, and rebuilds it when stale
    /// entries are most of it, so that it stays within twice the app's count.
    private mutating func compact(_ app: String) {
        guard var slots = order[app] else { return }
        while let first = slots.first, !isLive(first) { slots.removeFirst() }
        if slots.count > 2 * max(counts[app, default: 0], 16) { slots = Deque(slots.filter(isLive)) }
        order[app] = slots.isEmpty ? nil : slots
    }
}
