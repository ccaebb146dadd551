import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import UserNotificationsCore

/// The schedule: adding, the timer, claiming and firing, hosts that come and go, and clock or
/// zone changes.
extension NotificationAgent {
    /// Keeps `request` until its trigger fires; adding the same identifier again replaces it.
    /// Returns once the store has it on disk.
    func schedule(_ request: DeliveryRequest, app: String, trigger: TriggerRecord) async throws {
        try checkMayNotify(request, app: app)
        let pending: PendingNotification
        do {
            pending = try PendingNotification(
                app: app, request: request, trigger: ScheduledTrigger(trigger),
                addedAt: Date(), calendarTimeZone: scheduler.calendarTimeZone)
        } catch {
            throw AgentError(.invalidArgument, "\(error)")
        }
        do {
            try await scheduler.pendingTable().add(pending, session: scheduler.session)
        } catch {
            throw AgentError(
                .settings, "\(error) Nothing was scheduled: add the notification again once the store can be written.")
        }
        scheduler.forget(app: app, identifiers: [pending.identifier])
        await armTimer()
    }

    /// The app's pending notifications, those due and not yet shown included.
    func listPending(app: String) async throws -> [PendingNotification] {
        do {
            return try await scheduler.pendingTable().pending(app: app)
        } catch {
            throw AgentError(.settings, "\(error)")
        }
    }

    /// Removes the app's pending notifications named `identifiers` (all when empty), those due
    /// and not yet being handed to the server included; returns how many.
    func removePending(app: String, identifiers: [String]) async throws -> Int {
        let removed: Int
        do {
            removed = try await scheduler.pendingTable().remove(
                app: app, identifiers: identifiers, keeping: scheduler.handing)
        } catch {
            throw AgentError(
                .settings,
                "\(error) Nothing was removed: the notifications are still pending; remove them again once the "
                    + "store can be written.")
        }
        scheduler.forget(app: app, identifiers: identifiers)
        await armTimer()
        return removed
    }

    /// Sleeps until `saveLead` before the session's earliest pending fire date (no wake-ups
    /// while nothing is pending). The wait is measured again from the wall clock at each wake,
    /// so a clock change or a suspend makes a notification late at worst, never early, and
    /// never lost.
    func armTimer() async {
        scheduler.armGeneration += 1
        let generation = scheduler.armGeneration
        guard let table = scheduler.table else { return }
        let next: Double?
        do {
            next = try await table.nextFireDate(session: scheduler.session)
        } catch {
            log.write("schedule", "the store cannot be read; trying again in 1 s: \(error)")
            guard generation == scheduler.armGeneration else { return }
            setTimer(after: .seconds(1))
            return
        }
        guard generation == scheduler.armGeneration else { return }
        guard let next else {
            scheduler.setTimer(nil)
            return
        }
        let seconds = next - AgentScheduler.saveLead - Date().timeIntervalSince1970
        let bounded = seconds.isFinite ? min(max(seconds, 0), TriggerRecord.maximumSeconds) : 0
        setTimer(after: .seconds(bounded))
    }

    private func setTimer(after delay: Duration) {
        scheduler.setTimer(
            Task { [weak self] in
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    return
                }
                // Fire in a task of its own: re-arming cancels the timer, and that must not cancel
                // deliveries already under way.
                guard let agent = self else { return }
                Task { await agent.fireDue() }
            })
    }

    /// Measures the wait again after a change of time: the wall clock set, the machine resumed
    /// from suspend, or a new time zone, which first moves the calendar matches that have no
    /// zone of their own (they follow the local zone, as on iOS).
    func timeChanged(_ change: TimeChange) async {
        if let zone = scheduler.zoneChange(change) {
            do {
                _ = try await scheduler.pendingTable().follow(zone: zone, now: Date())
            } catch {
                log.write("schedule", "calendar dates were not moved to \(zone.identifier): \(error)")
            }
        }
        await armTimer()
    }

    /// Claims what is due within `saveLead` in the store, then fires each at its moment (never
    /// before). Claimed ahead of the moment, so the claim is not part of the lateness; claimed
    /// in the store, so a host killed before the server has it leaves it to the next (at least
    /// once, never lost), and no other host fires it too.
    func fireDue() async {
        do {
            let claimed = try await scheduler.pendingTable().claimDue(
                by: Date().addingTimeInterval(AgentScheduler.saveLead), session: scheduler.session,
                host: scheduler.hostName, zone: scheduler.calendarTimeZone)
            scheduler.claimed(claimed)
        } catch {
            log.write("schedule", "due notifications could not be claimed; trying again in 1 s: \(error)")
            setTimer(after: .seconds(1))
            return
        }
        await fireInFlight()
        await armTimer()
    }

    /// Hands each notification in `firing` to the server at its moment, earliest first, and
    /// ends its claim once the server has it (or refused it for good). Those that find no
    /// server stay, and are tried again when one appears (`serverOwnerChanged(to:)`).
    func fireInFlight() async {
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
                scheduler.unclaimed(pending)
                do {
                    try await scheduler.pendingTable().unclaim(
                        pending, session: scheduler.session, host: scheduler.hostName)
                } catch {
                    log.write("schedule", "\(pending.key) stays claimed (the next agent shows it): \(error)")
                }
                continue
            }
            scheduler.beginHanding(pending)
            let handed = await fire(pending)
            scheduler.finishHanding(pending, handed: handed)
            guard handed else { continue }
            do {
                try await scheduler.pendingTable().finish(pending, host: scheduler.hostName)
            } catch {
                log.write("schedule", "\(pending.key) was shown but its claim stays (it may be shown again): \(error)")
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

    // MARK: Hosts

    /// Opens the store for this agent's session: its bus's id, or (where a filtering proxy does
    /// not pass `GetId`) the bus's address.
    func openSchedule() async throws {
        let session: String
        do {
            session = try await connection.busID()
        } catch {
            let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] ?? "unknown"
            log.write("schedule", "the bus does not say its id (\(error)); its address names this session")
            session = "address:" + address
        }
        for problem in try scheduler.open(session: session) { log.write("\(problem)") }
    }

    /// Joins the hosts of the state directory and takes over what those gone left: done once
    /// this agent owns its name. Then follows the others: when one leaves or dies, what it
    /// claimed is taken over at once, and its session's notifications after
    /// ``AgentScheduler/takeOverGrace`` if no host of that session took its place.
    func joinHosts() async {
        if let registry = scheduler.registry {
            do {
                try registry.join()
                try registry.watch { [weak self] in
                    Task { await self?.hostsChanged() }
                }
            } catch {
                log.write("schedule", "other agents on this state directory are not followed: \(error)")
            }
        }
        // Dates computed in another zone (the zone changed while no agent ran) move first.
        do {
            _ = try await scheduler.pendingTable().follow(zone: scheduler.calendarTimeZone, now: Date())
        } catch {
            log.write("schedule", "calendar dates were not moved to \(scheduler.calendarTimeZone.identifier): \(error)")
        }
        await takeOver(otherSessions: true)
        await fireDue()
    }

    /// A host joined, left or died.
    private func hostsChanged() async {
        await takeOver(otherSessions: false)
        scheduler.setTakeOverTask(
            Task { [weak self] in
                do {
                    try await Task.sleep(for: AgentScheduler.takeOverGrace)
                } catch {
                    return
                }
                await self?.takeOver(otherSessions: true)
            })
    }

    /// Takes over what hosts that are gone left: their claims in this session (and, with
    /// `otherSessions`, in sessions with no host left, whose pending notifications this
    /// session then shows), fired now.
    private func takeOver(otherSessions: Bool) async {
        guard let table = scheduler.table else { return }
        let live = scheduler.liveHosts()
        do {
            let found = try await table.takeOver(
                host: scheduler.hostName, session: scheduler.session, liveHosts: live.hosts,
                liveSessions: otherSessions ? live.sessions : nil)
            if found.adopted > 0 {
                log.write("schedule", "\(found.adopted) notifications of a session that ended are shown in this one")
            }
            guard !found.orphans.isEmpty || found.adopted > 0 else { return }
            scheduler.claimed(found.orphans)
            await fireInFlight()
            await armTimer()
        } catch {
            log.write("schedule", "what a stopped agent left was not taken over: \(error)")
        }
    }

    /// Stops hosting: waits (at most 10 s) for the notifications being handed to the server,
    /// so that the next host does not show them again, then leaves the hosts.
    func leaveHosts() async {
        scheduler.stop()
        let deadline = ContinuousClock.now + .seconds(10)
        while !scheduler.handing.isEmpty, ContinuousClock.now < deadline {
            // try?: bounded by the deadline either way
            try? await Task.sleep(for: .milliseconds(5))
        }
        scheduler.registry?.leave()
    }
}
