import FreedesktopNotifications
import Foundation

/// The delivered notifications outlive the agent (`delivered.json`): read when it starts, kept
/// for the server connection that showed them, written whenever the list changes.
extension NotificationAgent {
    /// Reads `delivered.json`; they are taken once the server's owner is known
    /// (``restoreDelivered(owner:)``). A file that cannot be read is reported and left as it is.
    func loadDelivered() {
        guard let store = deliveredStore else { return }
        do {
            savedDelivered = try store.load()
        } catch {
            deliveredStore = nil
            log.write("\(error); delivered notifications are kept in memory only until it is moved aside")
        }
    }

    /// Takes the saved notifications that `owner`, the server connection running now, showed:
    /// those of an earlier server are gone with it.
    func restoreDelivered(owner: String?) {
        guard let saved = savedDelivered else { return }
        savedDelivered = nil
        var kept = 0
        for entry in saved where entry.owner == owner && !shown.knows(entry.ownedID) {
            shown.addDelivered(entry.notification, at: entry.ownedID)
            kept += 1
            // A click that came before this list was read (an app started for it) counts now.
            replayHeld(entry.ownedID)
        }
        if kept != saved.count { deliveredChanged() }
    }

    /// The delivered list changed: writes it, once a write already under way has ended (a burst
    /// of changes costs one write more, not one each).
    func deliveredChanged() {
        guard let store = deliveredStore else { return }
        deliveredDirty = true
        guard !deliveredWriting else { return }
        deliveredWriting = true
        deliveredWriter = Task {
            while let snapshot = self.takeDeliveredSnapshot() {
                do {
                    try await store.save(snapshot)
                } catch {
                    log.write("the delivered notifications were not saved: \(error)")
                }
            }
        }
    }

    /// Waits until the delivered list as it is now is written: an agent in an app that exits
    /// must leave it behind, because a click on what it showed may start the app again.
    package func deliveredWritten() async {
        while deliveredWriting || deliveredDirty {
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

    /// The list to write next, or nil when it is written (the writer stops).
    private func takeDeliveredSnapshot() -> [OwnedNotificationID: DeliveredNotification]? {
        guard deliveredDirty else {
            deliveredWriting = false
            return nil
        }
        deliveredDirty = false
        return shown.delivered
    }
}
