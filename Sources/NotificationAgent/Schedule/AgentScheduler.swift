import Foundation

/// The agent's scheduler room: the schedule in the store (``PendingTable``), the notifications
/// this host claimed and has yet to show (`firing`), the hosts of the same state directory
/// (``AgentHostRegistry``), and the timer that wakes the agent.
///
/// A value kept and changed only by the `NotificationAgent` actor; the waits (the store, handing
/// a notification to the server) happen in `NotificationAgent+Schedule.swift`, between calls to
/// this type.
///
/// A notification's way: an app's add is a row in the store, acknowledged once on disk. When it
/// is due within `saveLead`, the agent of its session claims it (one transaction moves it to
/// the store's `firing`, which no other host can win too), keeps it in `firing` here, hands it to
/// the server at its moment, and ends the claim once the server has it. A host that dies with a
/// claim leaves it to the next agent, which shows it (at least once, never lost).
struct AgentScheduler {
    /// How long before a fire date the agent wakes to claim what is due, so that the claim (one
    /// transaction, an `fsync`) is done when the moment comes; it still fires at the moment.
    static let saveLead = 0.02
    /// How long a session may have no host before another session's agent takes over its
    /// notifications: long enough for an app that watches the agent's name to take it.
    static let takeOverGrace: Duration = .seconds(2)

    /// The schedule in the store; nil until `open`.
    private(set) var table: PendingTable?
    /// The hosts of the state directory; nil until `open`.
    private(set) var registry: AgentHostRegistry?
    /// This agent's session (its bus's id).
    private(set) var session = ""
    /// This process as a host.
    let host: AgentHostID?
    /// The state directory.
    let directory: URL
    /// The zone of calendar matches that have none of their own.
    private(set) var calendarTimeZone: TimeZone
    /// Notifications this host claimed and has not yet handed to the server. Those that failed
    /// because no server ran are tried again when one appears.
    private(set) var firing: [PendingKey: PendingNotification] = [:]
    /// The keys of `firing` being handed to the server right now.
    private(set) var handing: Set<PendingKey> = []
    /// Subscribes to the changes of time a timer cannot see (wall clock set, zone, resume).
    let timeChanges: @Sendable () async throws -> AsyncStream<TimeChange>
    /// The sleep until the next wake.
    private var timer: Task<Void, Never>?
    /// Follows `timeChanges`.
    private var timeChangeTask: Task<Void, Never>?
    /// The wait before taking over another session's notifications.
    private var takeOverTask: Task<Void, Never>?
    /// Counts the timer's arming, so that only the latest arming sets it.
    var armGeneration = 0

    /// A scheduler keeping its store in `directory`; nothing is read until `open`.
    init(
        directory: URL, calendarTimeZone: TimeZone = LocalTimeZone.current(),
        timeChanges: @escaping @Sendable () async throws -> AsyncStream<TimeChange>
    ) {
        self.directory = directory
        self.calendarTimeZone = calendarTimeZone
        self.timeChanges = timeChanges
        host = AgentHostID.current()
    }

    /// This host's name in the store's claims.
    var hostName: String { host?.description ?? "unknown-\(getpid())" }

    // MARK: Starting

    /// Opens the store for `session` (importing an older version's schedule once); returns
    /// what could not be imported of the rest, for the log.
    mutating func open(session: String) throws(StoreError) -> [StoreError] {
        let database = try AgentDatabase.shared(in: directory)
        try PendingImport.run(directory: directory, database: database, session: session)
        let problems = [
            WaitingPushImport.run(directory: directory, database: database),
            DeliveredImport.run(directory: directory, database: database, session: session),
        ].compactMap { $0 }
        self.session = session
        table = PendingTable(database: database)
        if let host { registry = AgentHostRegistry(stateDirectory: directory, me: host, session: session) }
        return problems
    }

    /// The store, once open.
    func pendingTable() throws(StoreError) -> PendingTable {
        guard let table else {
            throw StoreError(.database("the store is not open yet"), path: directory.path, kind: .store)
        }
        return table
    }

    /// The hosts running now, and their sessions (this one's always included).
    func liveHosts() -> (hosts: Set<String>, sessions: Set<String>) {
        let hosts = registry?.liveHosts() ?? []
        return (Set(hosts.map(\.id.description) + [hostName]), Set(hosts.map(\.session) + [session]))
    }

    // MARK: Firing

    /// Keeps `claimed` (just claimed in the store) to be fired.
    mutating func claimed(_ claimed: [PendingNotification]) {
        for pending in claimed { firing[pending.key] = pending }
    }

    /// Forgets the claimed notifications of `app` named `identifiers` (all when empty) that
    /// are not being handed over: an app removed or replaced them.
    mutating func forget(app: String, identifiers: [String]) {
        for key in firing.keys
        where key.app == app && (identifiers.isEmpty || identifiers.contains(key.identifier))
            && !handing.contains(key)
        {
            firing[key] = nil
        }
    }

    /// The notifications of `firing` not being handed over now, earliest first.
    func readyToFire() -> [PendingNotification] {
        firing.values.filter { !handing.contains($0.key) }.sorted { $0.nextFireDate < $1.nextFireDate }
    }

    /// Whether `pending` is still in `firing` as it was and nobody is handing it over.
    func isWaitingToFire(_ pending: PendingNotification) -> Bool {
        firing[pending.key] == pending && !handing.contains(pending.key)
    }

    /// Drops `pending` from `firing` (it waits in the schedule again).
    mutating func unclaimed(_ pending: PendingNotification) {
        if firing[pending.key] == pending { firing[pending.key] = nil }
    }

    /// Marks `pending` as being handed to the server.
    mutating func beginHanding(_ pending: PendingNotification) {
        handing.insert(pending.key)
    }

    /// The server answered for `pending` (`handed`), or no server took it: a handed one leaves
    /// `firing`, unless it was replaced meanwhile.
    mutating func finishHanding(_ pending: PendingNotification, handed: Bool) {
        handing.remove(pending.key)
        if handed, firing[pending.key] == pending { firing[pending.key] = nil }
    }

    // MARK: Time

    /// The zone changed (`change`): returns the new zone when calendar matches must move.
    mutating func zoneChange(_ change: TimeChange) -> TimeZone? {
        guard
            case .moveCalendarMatches(let zone) = TimeChangeResponse.response(
                to: change, currentZone: calendarTimeZone)
        else { return nil }
        calendarTimeZone = zone
        return zone
    }

    // MARK: Waking

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

    /// Replaces the wait before a take-over.
    mutating func setTakeOverTask(_ task: Task<Void, Never>?) {
        takeOverTask?.cancel()
        takeOverTask = task
    }

    /// Cancels the timers and stops following the changes of time.
    mutating func stop() {
        setTimer(nil)
        setTakeOverTask(nil)
        timeChangeTask?.cancel()
        timeChangeTask = nil
    }
}
