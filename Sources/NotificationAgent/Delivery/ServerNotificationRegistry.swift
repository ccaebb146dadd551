import NotificationAgentClient
import FreedesktopNotifications

/// Everything the agent has on screen, by the id the server gave it *and* the server connection
/// that gave it (`OwnedNotificationID`): its popups, the notifications it delivered and which of
/// them were clicked, the fallback notifications that show a reply command, the activation
/// tokens the server sent, and the server's events that overtook the `Notify` reply telling the
/// agent their id. The typed replies waiting for their text (``PendingReplies``) hold what they
/// answer themselves, so they outlive the screen: the server closing the clicked popup, or
/// going away.
///
/// Ids are bound to the server connection that issued them, and each owner's entries are
/// forgotten together when that connection goes (`forget(owner:)`): a restarted server numbers
/// from 1 again, and its id 1 is another notification, possibly another program's. A click can
/// therefore only ever reach the app whose notification was clicked.
struct ServerNotificationRegistry: Sendable {
    private(set) var popups: [OwnedNotificationID: ShownPopup] = [:]
    /// The notifications delivered and still shown (``DeliveredList``, bounded per app).
    private(set) var delivered = DeliveredList()
    /// The delivered notifications the user clicked (an action, the default action, *Keep…* or
    /// *Turn Off…*): the server's close that follows the click (`NotificationClosed(2)` on
    /// notification-daemon and xfce4-notifyd) is no dismissal, and a second click no second answer.
    private(set) var clicked: Set<OwnedNotificationID> = []
    /// The delivered notifications the server discarded as it took them, because its
    /// do-not-disturb was on (Cinnamon 6.6): its `NotificationClosed` is no close by the user,
    /// and the notification stays delivered.
    private(set) var discardedByServer: Set<OwnedNotificationID> = []
    /// The fallback notifications that show a reply number, by their id.
    private(set) var replyTokens: [OwnedNotificationID: String] = [:]
    private(set) var activationTokens: [OwnedNotificationID: String] = [:]
    /// Text-input actions waiting for `unotify reply NUMBER TEXT`.
    private(set) var replies = PendingReplies()
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

    /// Keeps `notification` as delivered under `id` (`restored`: read from the store, which has
    /// it); returns those the app's bound made the agent forget (``DeliveredList/maximumPerApp``),
    /// whose attachments can go.
    @discardableResult
    mutating func addDelivered(
        _ notification: DeliveredNotification, at id: OwnedNotificationID, restored: Bool = false
    ) -> [DeliveredNotification] {
        clicked.remove(id)  // a replacement shown in place has not been clicked
        return delivered.add(notification, at: id, recorded: !restored)
    }

    mutating func removeDelivered(_ id: OwnedNotificationID) -> DeliveredNotification? {
        activationTokens[id] = nil
        clicked.remove(id)
        discardedByServer.remove(id)
        return delivered.remove(id)
    }

    /// Records that what `owner` showed is gone, for the store.
    mutating func noteDeliveredGone(owner: String) {
        delivered.noteGone(owner: owner)
    }

    /// The changes of the delivered notifications since the last call, for the store.
    mutating func takeDeliveredChanges() -> [DeliveredChange] {
        delivered.takeChanges()
    }

    /// Records a click on the delivered notification shown under `id`; false when it had been
    /// clicked already, or is not delivered: that click is no answer.
    mutating func markClicked(_ id: OwnedNotificationID) -> Bool {
        guard delivered[id] != nil else { return false }
        return clicked.insert(id).inserted
    }

    func wasClicked(_ id: OwnedNotificationID) -> Bool { clicked.contains(id) }

    /// Records that the server discards the delivered notification shown under `id` as it
    /// takes it (``discardedByServer``).
    mutating func markDiscardedByServer(_ id: OwnedNotificationID) {
        if delivered[id] != nil { discardedByServer.insert(id) }
    }

    /// Whether `id`'s close is the server's discard (``discardedByServer``), which it sends once:
    /// forgotten here, so that a later close of the same id is read as any other.
    mutating func takeServerDiscard(_ id: OwnedNotificationID) -> Bool {
        discardedByServer.remove(id) != nil
    }

    /// The notification `app` delivered under `identifier` that is still shown, if any.
    func delivered(app: String, identifier: String) -> OwnedNotificationID? {
        delivered.id(app: app, identifier: identifier)
    }

    /// A text-input action waits for `unotify reply NUMBER TEXT`; returns the oldest replies
    /// dropped to stay within ``PendingReplies/limit`` (their "Reply to …" is to be taken down).
    mutating func awaitReply(_ reply: PendingReply) -> [PendingReply] {
        let dropped = replies.add(reply)
        for old in dropped { if let prompt = old.promptShownAt { replyTokens[prompt] = nil } }
        return dropped
    }

    /// The fallback notification that shows `number` is shown under `id`; false when that reply
    /// no longer waits (answered or dropped while the server showed it).
    mutating func addReplyToken(_ number: String, shownAt id: OwnedNotificationID) -> Bool {
        guard replies.promptShown(number, at: id) else { return false }
        replyTokens[id] = number
        return true
    }

    /// The reply waiting under `number`, taken out: a number answers once.
    mutating func takePendingReply(_ number: String) -> PendingReply? {
        let reply = replies.take(number)
        if let prompt = reply?.promptShownAt { replyTokens[prompt] = nil }
        return reply
    }

    /// The fallback notification shown under `id` has closed; its number still answers.
    mutating func removeReplyToken(_ id: OwnedNotificationID) {
        guard replyTokens.removeValue(forKey: id) != nil else { return }
        replies.promptGone(id)
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
    /// went with it); returns the popups and notifications that were forgotten. The typed
    /// replies waiting for their text stay: their numbers still answer.
    mutating func forget(owner: String) -> (popups: [ShownPopup], delivered: [DeliveredNotification]) {
        if !retiredOwners.contains(owner) {
            retiredOwners.append(owner)
            if retiredOwners.count > Self.retiredLimit { retiredOwners.removeFirst() }
        }
        let lostPopups = popups.filter { $0.key.owner == owner }
        let lostDelivered = delivered.forget(owner: owner)
        popups = popups.filter { $0.key.owner != owner }
        for prompt in replyTokens.keys where prompt.owner == owner { replies.promptGone(prompt) }
        replyTokens = replyTokens.filter { $0.key.owner != owner }
        activationTokens = activationTokens.filter { $0.key.owner != owner }
        clicked = clicked.filter { $0.owner != owner }
        unclaimed.removeAll { $0.owner == owner }
        return (Array(lostPopups.values), lostDelivered)
    }

    /// The delivered notifications of `app`, oldest first.
    func delivered(app: String) -> [(id: OwnedNotificationID, notification: DeliveredNotification)] {
        delivered.delivered(app: app)
    }
}
