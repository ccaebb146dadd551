import NotificationAgentClient
import FreedesktopNotifications

/// Everything the agent has on screen, by the id the server gave it *and* the server connection
/// that gave it (`OwnedNotificationID`): its popups, the notifications it delivered, the
/// fallback notifications that show a reply command, the activation tokens the server sent, and
/// the server's events that overtook the `Notify` reply telling the agent their id.
///
/// Ids are bound to the server connection that issued them, and each owner's entries are
/// forgotten together when that connection goes (`forget(owner:)`): a restarted server numbers
/// from 1 again, and its id 1 is another notification, possibly another program's. A click can
/// therefore only ever reach the app whose notification was clicked.
struct ServerNotificationRegistry: Sendable {
    private(set) var popups: [OwnedNotificationID: ShownPopup] = [:]
    private(set) var delivered: [OwnedNotificationID: DeliveredNotification] = [:]
    /// The fallback notifications that show a reply token, by their id.
    private(set) var replyTokens: [OwnedNotificationID: String] = [:]
    private(set) var activationTokens: [OwnedNotificationID: String] = [:]
    /// Text-input actions waiting for `unotify reply TOKEN TEXT`, by token.
    private(set) var pendingReplies: [String: (notification: OwnedNotificationID, action: String)] = [:]
    /// Events for ids not (yet) known, oldest first, at most `unclaimedLimit`.
    private var unclaimed: [OwnedServerEvent] = []
    static let unclaimedLimit = 64
    /// Server connections that have gone, newest last (at most `retiredLimit`): an id that one of
    /// them issued and that arrives late (its `Notify` reply was overtaken by the owner change)
    /// is known to be gone already.
    private var retiredOwners: [String] = []
    static let retiredLimit = 256
    private var nextPopup: UInt32 = 0

    /// A popup id no other popup of this agent has had.
    mutating func newPopupID() -> PopupID {
        nextPopup &+= 1
        return PopupID(nextPopup)
    }

    /// Whether `owner` is a server connection that has gone.
    func isRetired(_ owner: String) -> Bool { retiredOwners.contains(owner) }

    func knows(_ id: OwnedNotificationID) -> Bool {
        popups[id] != nil || delivered[id] != nil || replyTokens[id] != nil
    }

    mutating func addPopup(_ popup: ShownPopup, at id: OwnedNotificationID) { popups[id] = popup }

    mutating func removePopup(_ id: OwnedNotificationID) -> ShownPopup? { popups.removeValue(forKey: id) }

    /// The id the popup known to its machine as `popup` is shown under.
    func id(ofPopup popup: PopupID) -> OwnedNotificationID? {
        popups.first { $0.value.popup == popup }?.key
    }

    mutating func addDelivered(_ notification: DeliveredNotification, at id: OwnedNotificationID) {
        delivered[id] = notification
    }

    mutating func removeDelivered(_ id: OwnedNotificationID) -> DeliveredNotification? {
        activationTokens[id] = nil
        return delivered.removeValue(forKey: id)
    }

    /// The notification `app` delivered under `identifier` that is still shown, if any.
    func delivered(app: String, identifier: String) -> OwnedNotificationID? {
        delivered.first { $0.value.app == app && $0.value.request.identifier == identifier }?.key
    }

    /// A text-input action on `notification` waits for `unotify reply TOKEN TEXT`.
    mutating func awaitReply(_ token: String, to notification: OwnedNotificationID, action: String) {
        pendingReplies[token] = (notification, action)
    }

    /// The fallback notification that shows `token` is shown under `id`.
    mutating func addReplyToken(_ token: String, shownAt id: OwnedNotificationID) { replyTokens[id] = token }

    mutating func takePendingReply(_ token: String) -> (notification: OwnedNotificationID, action: String)? {
        pendingReplies.removeValue(forKey: token)
    }

    mutating func setActivationToken(_ token: String, for id: OwnedNotificationID) { activationTokens[id] = token }

    /// Keeps an event whose id is not known yet; the oldest are dropped beyond the limit.
    mutating func hold(_ event: OwnedServerEvent) {
        unclaimed.append(event)
        if unclaimed.count > Self.unclaimedLimit { unclaimed.removeFirst() }
    }

    /// The held events for `id`, taken out.
    mutating func takeHeld(for id: OwnedNotificationID) -> [OwnedServerEvent] {
        let waiting = unclaimed.filter { $0.notification == id }
        unclaimed.removeAll { $0.notification == id }
        return waiting
    }

    /// Forgets everything `owner` showed (the server connection has gone, and what it showed
    /// went with it); returns the popups and notifications that were forgotten.
    mutating func forget(owner: String) -> (popups: [ShownPopup], delivered: [DeliveredNotification]) {
        if !retiredOwners.contains(owner) {
            retiredOwners.append(owner)
            if retiredOwners.count > Self.retiredLimit { retiredOwners.removeFirst() }
        }
        let lostPopups = popups.filter { $0.key.owner == owner }
        let lostDelivered = delivered.filter { $0.key.owner == owner }
        popups = popups.filter { $0.key.owner != owner }
        delivered = delivered.filter { $0.key.owner != owner }
        replyTokens = replyTokens.filter { $0.key.owner != owner }
        activationTokens = activationTokens.filter { $0.key.owner != owner }
        pendingReplies = pendingReplies.filter { $0.value.notification.owner != owner }
        unclaimed.removeAll { $0.owner == owner }
        return (Array(lostPopups.values), Array(lostDelivered.values))
    }

    /// The delivered notifications of `app`, oldest first.
    func delivered(app: String) -> [(id: OwnedNotificationID, notification: DeliveredNotification)] {
        delivered.filter { $0.value.app == app }.sorted { $0.value.date < $1.value.date }.map { ($0.key, $0.value) }
    }
}
