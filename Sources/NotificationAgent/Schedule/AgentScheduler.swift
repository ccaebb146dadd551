import Foundation

/// The agent's scheduler room: the scheduled notifications (`ScheduleQueue`), those taken out
/// to be fired (`firing`), the files that keep both (`pending.json` through `PendingSaver`,
/// `fired.journal`), and the timer that wakes the agent.
///
/// A value kept and changed only by the `NotificationAgent` actor, so its bookkeeping needs no
/// isolation of its own and is tested without a bus; the waits (saving, handing a notification
/// to the server) happen in `NotificationAgent+Schedule.swift`, between calls to this type.
///
/// A notification's way: `add(_:)` puts it in the queue; `takeDue(now:)` moves what is due
/// within `saveLead` to `firing`, which is saved with the queue (a crash before the server
/// has it loses nothing); `beginHanding(_:)` marks it as being given to the server, and
/// `finishHanding(_:handed:)` records the server's answer in the journal and takes it out of
/// `firing`. Those that found no server stay in `firing` until one appears.
struct AgentScheduler {
    /// How long before a fire date the agent wakes to save the schedule without what is due, so
    /// that the save (two `fsync`s) is done when the moment comes; it still fires at the moment.
    static let saveLead = 0.02

    /// The notifications waiting for their trigger.
    private(set) var queue: ScheduleQueue
    /// Notifications taken out of the schedule and not yet handed to the server; saved with the
    /// schedule (`PendingFile.firing`), so a crash before the server has them loses nothing.
    /// Those that failed because no server ran are tried again when one appears.
    private(set) var firing: [PendingKey: PendingNotification] = [:]
    /// The keys of `firing` being handed to the server right now.
    private(set) var handing: Set<PendingKey> = []
    /// How many were handed to the server so far (to know whether a save saw them all).
    private(set) var handedCount = 0
    /// `pending.json`.
    let store: PendingStore
    /// The callers waiting for `pending.json` to hold their change (group commit).
    var saver = PendingSaver()
    /// What the server already has of `firing`, written the moment it answers.
    let journal: FiredJournal
    /// Subscribes to the changes of time a timer cannot see (wall clock set, zone, resume).
    let timeChanges: @Sendable () async throws -> AsyncStream<TimeChange>
    /// The sleep until the next wake (`nextWake(now:)`).
    private var timer: Task<Void, Never>?
    /// Follows `timeChanges`.
    private var timeChangeTask: Task<Void, Never>?
    /// Whether `load(now:)` moved floating calendar dates to this agent's zone (then the
    /// schedule must be saved, with the new zone).
    private var movedOnLoad = false

    /// A scheduler keeping its files in `directory`, with an empty queue until `load()`.
    init(
        directory: URL, calendarTimeZone: TimeZone = LocalTimeZone.current(),
        timeChanges: @escaping @Sendable () async throws -> AsyncStream<TimeChange>
    ) {
        queue = ScheduleQueue(calendarTimeZone: calendarTimeZone)
        store = PendingStore(directory: directory)
        journal = FiredJournal(directory: directory)
        self.timeChanges = timeChanges
    }

    // MARK: Starting

    /// Reads `pending.json` into the queue; returns what the last agent was firing, for
    /// `recover(_:now:)` once this agent owns the name.
    ///
    /// When the file was saved in another zone (the zone changed while no agent ran, or `TZ`
    /// differs), the calendar matches without a zone of their own move to this agent's zone as
    /// they do when the zone changes under a running agent (`ScheduleQueue.timeZoneChanged`):
    /// each not yet due gets its first match after `now` there; one already due stays due and
    /// fires once. A file without a zone (written before it was kept) is taken as in this zone.
    mutating func load(now: Date) throws -> [PendingNotification] {
        let saved = try store.loadAll()
        let zone = queue.calendarTimeZone
        let savedZone = saved.timeZone.flatMap(TimeZone.init(identifier:)) ?? zone
        queue = ScheduleQueue(saved.pending, calendarTimeZone: savedZone)
        movedOnLoad = savedZone.identifier != zone.identifier
        if movedOnLoad { queue.timeZoneChanged(to: zone, now: now) }
        return saved.firing
    }

    /// Takes back what the last agent was firing, except what the journal says the server got:
    /// one taken out just ahead of its moment waits in the queue until then, the others are
    /// fired now, and so is every notification missed while no agent ran (once). Returns whether
    /// the schedule must be saved and `firing` fired (or `load(now:)` moved dates to a new zone).
    mutating func recover(_ savedFiring: [PendingNotification], now: Date) -> Bool {
        let fired = journal.load()
        for pending in savedFiring where !FiredJournal.contains(fired, pending) {
            if pending.fireDate > now { _ = queue.add(pending) } else { firing[pending.key] = pending }
        }
        for pending in queue.catchUp(now: now) { firing[pending.key] = pending }
        return !savedFiring.isEmpty || !firing.isEmpty || movedOnLoad
    }

    // MARK: The schedule

    /// Keeps `pending` until its trigger fires; the same key again replaces it. Returns the
    /// change, for `undo(_:)` should its save fail.
    @discardableResult
    mutating func add(_ pending: PendingNotification) -> ScheduleChange {
        .added(pending, replaced: queue.add(pending))
    }

    /// The app's pending notifications: those due and waiting for a server first (earliest
    /// first), then the queue's.
    func pending(app: String) -> [PendingNotification] {
        firing.values.filter { $0.app == app }.sorted { $0.nextFireDate < $1.nextFireDate } + queue.pending(app: app)
    }

    /// Removes the app's pending notifications named `identifiers` (all when empty), those due
    /// and not yet being handed to the server included; returns how many.
    mutating func remove(app: String, identifiers: [String]) -> Int {
        removing(app: app, identifiers: identifiers).removedCount
    }

    /// `remove(app:identifiers:)`, returning the change, for `undo(_:)` should its save fail.
    mutating func removing(app: String, identifiers: [String]) -> ScheduleChange {
        let fromQueue =
            identifiers.isEmpty
            ? queue.removeAll(app: app)
            : identifiers.compactMap { queue.remove(app: app, identifier: $0) }
        var fromFiring: [PendingNotification] = []
        for (key, pending) in firing
        where key.app == app && (identifiers.isEmpty || identifiers.contains(key.identifier))
            && !handing.contains(key)
        {
            firing[key] = nil
            fromFiring.append(pending)
        }
        return .removed(queue: fromQueue, firing: fromFiring)
    }

    /// Takes back `change`, whose save failed, as far as nothing changed the same notification
    /// since (a later add of the same key wins; one being handed to the server is not taken
    /// back). Returns whether notifications went back to `firing` (then they must be fired).
    mutating func undo(_ change: ScheduleChange) -> Bool {
        switch change {
        case .added(let added, let replaced):
            if queue[added.key] == added {
                queue.remove(added.key)
                if let replaced { queue.add(replaced) }
            } else if firing[added.key] == added, !handing.contains(added.key) {
                firing[added.key] = nil
            }
            return false
        case .removed(let fromQueue, let fromFiring):
            for pending in fromQueue where !isScheduled(pending.key) { queue.add(pending) }
            let back = fromFiring.filter { !isScheduled($0.key) }
            for pending in back { firing[pending.key] = pending }
            return !back.isEmpty
        }
    }

    /// Whether a notification with `key` is in the queue or in `firing`.
    private func isScheduled(_ key: PendingKey) -> Bool {
        queue[key] != nil || firing[key] != nil
    }

    /// Moves the calendar matches that have no zone of their own when `change` brings a new
    /// time zone; returns whether it did (then the schedule must be saved).
    mutating func timeChanged(_ change: TimeChange, now: Date) -> Bool {
        guard
            case .moveCalendarMatches(let zone) = TimeChangeResponse.response(
                to: change, currentZone: queue.calendarTimeZone)
        else { return false }
        queue.timeZoneChanged(to: zone, now: now)
        return true
    }

    // MARK: Saving

    /// What a save writes, and how many had been handed over when it was taken.
    typealias Snapshot = (
        pending: [PendingNotification], firing: [PendingNotification], timeZone: TimeZone, handedCount: Int
    )

    /// The schedule as a save writes it now.
    func snapshot() -> Snapshot {
        (queue.allPending, Array(firing.values), queue.calendarTimeZone, handedCount)
    }

    /// A save of `snapshot` is on disk: the journal is cleared when that save holds nothing it
    /// names (nothing firing or being handed, and nothing handed over since the snapshot).
    mutating func saved(_ snapshot: Snapshot) {
        if firing.isEmpty, handing.isEmpty, handedCount == snapshot.handedCount { journal.clear() }
    }

    // MARK: Firing

    /// Moves what is due within `saveLead` of `now` from the queue to `firing`.
    mutating func takeDue(now: Date) {
        for pending in queue.popDue(now: now.addingTimeInterval(Self.saveLead)) { firing[pending.key] = pending }
    }

    /// The notifications of `firing` not being handed over now, earliest first.
    func readyToFire() -> [PendingNotification] {
        firing.values.filter { !handing.contains($0.key) }.sorted { $0.nextFireDate < $1.nextFireDate }
    }

    /// Whether `pending` is still in `firing` as it was and nobody is handing it over (another
    /// run may have fired it, or it was removed, while one waited for its moment).
    func isWaitingToFire(_ pending: PendingNotification) -> Bool {
        firing[pending.key] == pending && !handing.contains(pending.key)
    }

    /// Puts `pending` back in the queue (the wall clock went back: it is not due yet).
    mutating func reschedule(_ pending: PendingNotification) {
        firing[pending.key] = nil
        _ = queue.add(pending)
    }

    /// Marks `pending` as being handed to the server.
    mutating func beginHanding(_ pending: PendingNotification) {
        handing.insert(pending.key)
    }

    /// The server answered for `pending` (`handed`), or no server took it: a handed one is
    /// written to the journal and leaves `firing`, unless it was replaced meanwhile. Returns
    /// whether `firing` changed (then the schedule must be saved).
    mutating func finishHanding(_ pending: PendingNotification, handed: Bool) -> Bool {
        if handed {
            journal.record(pending)
            handedCount += 1
        }
        handing.remove(pending.key)
        guard handed, firing[pending.key] == pending else { return false }
        firing[pending.key] = nil
        return true
    }

    // MARK: Waking

    /// How long to sleep from `now` until `saveLead` before the earliest fire date; `nil` when
    /// nothing is scheduled.
    func nextWake(now: Date) -> Duration? {
        queue.delayUntilNextDue(now: now.addingTimeInterval(Self.saveLead))
    }

    /// Replaces the timer (the old one is cancelled).
    mutating func setTimer(_ task: Task<Void, Never>?) {
        timer?.cancel()
        timer = task
    }

    /// Keeps the task that follows the changes of time.
    mutating func setTimeChangeTask(_ task: Task<Void, Never>) {
        timeChangeTask?.cancel()
        timeChangeTask = task
    }

    /// Cancels the timer and stops following the changes of time.
    mutating func stop() {
        setTimer(nil)
        timeChangeTask?.cancel()
        timeChangeTask = nil
    }
}
