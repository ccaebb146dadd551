import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import UserNotificationsCore

/// The schedule: adding, saving (group commit), the timer, firing, and clock or zone changes.
extension NotificationAgent {
    /// Keeps `request` until its trigger fires; adding the same identifier again replaces it.
    func schedule(_ request: DeliveryRequest, app: String, trigger: TriggerRecord) async throws {
        try checkMayNotify(request, app: app)
        let pending: PendingNotification
        do {
            pending = try PendingNotification(
                app: app, request: request, trigger: ScheduledTrigger(trigger),
                addedAt: Date(), calendarTimeZone: scheduler.queue.calendarTimeZone)
        } catch {
            throw AgentError(.invalidArgument, "\(error)")
        }
        let change = scheduler.add(pending)
        try await savePending(undoing: change)
        armTimer()
    }

    /// Saves the schedule (`pending.json`) and returns once it is on disk. When the save fails,
    /// `change` (the caller's) is taken back before the error is thrown: nothing is decided
    /// that is not on disk.
    func savePending(undoing change: ScheduleChange? = nil) async throws {
        do {
            try await withCheckedThrowingContinuation { continuation in
                if scheduler.saver.enqueue(change, continuation) {
                    Task { await writePending() }
                }
            }
        } catch {
            throw AgentError(
                .settings, [String(describing: error), change?.takenBack].compactMap { $0 }.joined(separator: " "))
        }
    }

    /// Writes the schedule, as it is at each write, until every caller is served (the group
    /// commit of `PendingSaver`); the file is written off the actor. A failed write takes back
    /// its callers' changes, last first, before the next write is taken.
    private func writePending() async {
        while let generation = scheduler.saver.nextWrite() {
            let snapshot = scheduler.snapshot()
            let store = scheduler.store
            let failure = await Task.detached { () -> (any Error)? in
                do {
                    try store.save(snapshot.pending, firing: snapshot.firing, timeZone: snapshot.timeZone)
                    return nil
                } catch {
                    return error
                }
            }.value
            let served = scheduler.saver.finish(generation)
            guard let failure else {
                scheduler.saved(snapshot)
                for waiter in served { waiter.continuation.resume() }
                continue
            }
            var refire = false
            for change in served.reversed().compactMap(\.change) where scheduler.undo(change) { refire = true }
            if served.contains(where: { $0.change != nil }) { armTimer() }
            if refire { Task { await fireInFlight() } }
            for waiter in served { waiter.continuation.resume(throwing: failure) }
        }
    }

    /// Saves in the background; a failure goes to stderr (the next save tries again).
    func savePendingSoon() {
        Task {
            do {
                try await savePending()
            } catch {
                log.write("\(error)")
            }
        }
    }

    /// Sleeps until the earliest pending fire date (no wake-ups while nothing is pending). The
    /// wait is measured again from the wall clock at each wake, so a clock change or a
    /// suspend makes a notification late at worst, never early, and never lost.
    func armTimer() {
        guard let delay = scheduler.nextWake(now: Date()) else {
            scheduler.setTimer(nil)
            return
        }
        scheduler.setTimer(
            Task { [weak self] in
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    return
                }
                // Fire in a task of its own: re-arming cancels the timer, and that must not cancel
                // deliveries already under way. (The agent, not the weak reference, goes into it:
                // Swift 6.2's checker refuses a captured `weak var` there.)
                guard let agent = self else { return }
                Task { await agent.fireDue() }
            })
    }

    /// Measures the wait again after a change of time: the wall clock set, the machine resumed
    /// from suspend, or a new time zone, which first moves the calendar matches that have no
    /// zone of their own (they follow the local zone, as on iOS).
    func timeChanged(_ change: TimeChange) async {
        if scheduler.timeChanged(change, now: Date()) {
            do {
                try await savePending()
            } catch {
                log.write("\(error)")
            }
        }
        armTimer()
    }

    /// Moves what is due within `saveLead` from the schedule to `firing` and saves both, then
    /// fires each at its moment (never before). Saved ahead of the moment, so the save is not
    /// part of the lateness; saved as *firing*, so an agent killed before the server has it
    /// fires it when it starts again (at least once, never lost).
    func fireDue() async {
        scheduler.takeDue(now: Date())
        do {
            try await savePending()
        } catch {
            log.write("\(error)")
        }
        await fireInFlight()
        armTimer()
    }

    /// Hands each notification in `firing` to the server at its moment, earliest first, and
    /// takes it out of `firing` once the server has it (or refused it for good). Those that find
    /// no server stay, and are tried again when one appears (`serverOwnerChanged(to:)`).
    func fireInFlight() async {
        var changed = false
        for pending in scheduler.readyToFire() {
            // Bounded: a few waits of at most 2 × `saveLead`.
            for _ in 0..<3 where pending.fireDate.timeIntervalSinceNow > 0 {
                // try?: cancelled only with the agent; the loop is bounded either way
                try? await Task.sleep(
                    for: .seconds(min(pending.fireDate.timeIntervalSinceNow, 2 * AgentScheduler.saveLead)))
            }
            // Another run may have fired it (or it was removed) while this one waited.
            guard scheduler.isWaitingToFire(pending) else { continue }
            guard pending.fireDate.timeIntervalSinceNow <= 0 else {
                // The wall clock went back meanwhile: it waits in the schedule like any other.
                scheduler.reschedule(pending)
                changed = true
                continue
            }
            scheduler.beginHanding(pending)
            let handed = await fire(pending)
            if scheduler.finishHanding(pending, handed: handed) {
                changed = true
                savePendingSoon()
            }
        }
        if changed {
            do {
                try await savePending()
            } catch {
                log.write(
                    "schedule", "pending.json was not saved after firing (the next change saves it): \(error)")
            }
        }
    }

    /// Delivers a pending notification now, with the app's settings as they are now; `false`
    /// when no server took it and it should be tried again when one appears.
    func fire(_ pending: PendingNotification) async -> Bool {
        do {
            _ = try await add(pending.request, app: pending.app)
            return true
        } catch let error as NotificationServerError where error.code == .noServer || error.code == .disconnected {
            log.write("\(pending.app)/\(pending.identifier) waits for a notification server: \(error)")
            return false
        } catch {
            log.write("\(pending.app)/\(pending.identifier) not delivered: \(error)")
            return true
        }
    }
}
