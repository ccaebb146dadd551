import FreedesktopNotifications
import Foundation

/// The delivered notifications outlive the agent (``DeliveredTable``, in the store): read when
/// it starts, kept for the server connection that showed them, each change written as it
/// happens (one transaction for a burst, whatever the number delivered).
extension NotificationAgent {
    /// Reads what this session's agents left delivered; taken once the server's owner is
    /// known (``restoreDelivered(owner:)``). A store that cannot be read is reported, and the
    /// delivered notifications are kept in memory only.
    func loadDelivered() {
        guard let store = deliveredStore else { return }
        do {
            savedDelivered = try store.load(session: scheduler.session)
        } catch {
            deliveredStore = nil
            log.write("\(error); delivered notifications are kept in memory only")
        }
    }

    /// Takes the saved notifications that `owner`, the server connection running now, showed:
    /// those of an earlier server are gone with it.
    func restoreDelivered(owner: String?) {
        guard let saved = savedDelivered else { return }
        savedDelivered = nil
        for entry in saved where entry.owner == owner && !shown.knows(entry.ownedID) {
            shown.addDelivered(entry.notification, at: entry.ownedID, restored: true)
            // A click that came before this list was read (an app started for it) counts now.
            replayHeld(entry.ownedID)
        }
        // Those of servers gone are deleted from the store; the others are there already.
        for gone in Set(saved.map(\.owner)) where gone != owner { shown.noteDeliveredGone(owner: gone) }
        deliveredChanged()
    }

    /// The delivered list changed: writes its changes, once a write already under way has
    /// ended (a burst of changes costs one transaction more, not one each).
    func deliveredChanged() {
        guard let store = deliveredStore else {
            _ = shown.takeDeliveredChanges()
            return
        }
        guard !deliveredWriting else { return }
        deliveredWriting = true
        let session = scheduler.session
        deliveredWriter = Task {
            while let changes = self.takeDeliveredChanges() {
                do {
                    try await store.apply(changes, session: session)
                } catch {
                    log.write("the delivered notifications were not saved: \(error)")
                }
            }
        }
    }

    /// Waits until the delivered list as it is now is written: an agent in an app that exits
    /// must leave it behind, because a click on what it showed may start the app again.
    package func deliveredWritten() async {
        while deliveredWriting || (deliveredStore != nil && shown.delivered.hasChanges) {
            if deliveredWriting, let writer = deliveredWriter {
                await writer.value
            } else {
                deliveredChanged()
            }
        }
    }

    /// Waits at most `deadline` for ``deliveredWritten()``, as the agent stops (SIGTERM, the bus
    /// gone): the next agent reads the list. Says so on stderr when the deadline passes first.
    package func finishDeliveredWrite(within deadline: Duration) async {
        let written = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.deliveredWritten()
                return true
            }
            group.addTask {
                // try?: cancelled once the write is done; the group's first answer counts
                try? await Task.sleep(for: deadline)
                return false
            }
            defer { group.cancelAll() }
            return await group.next() ?? false
        }
        if !written {
            log.write("the delivered notifications were still being saved after \(deadline); stopping anyway")
        }
    }

    /// The changes to write next, or nil when all are written (the writer stops).
    private func takeDeliveredChanges() -> [DeliveredChange]? {
        let changes = shown.takeDeliveredChanges()
        guard !changes.isEmpty else {
            deliveredWriting = false
            return nil
        }
        return changes
    }
}
