import UserNotifications
import NotificationAgentClient
import DBus
import FreedesktopNotifications
import Foundation

/// The engine that `unotifyd` hosts: the one connection to the notification server, the
/// settings store, one authorization machine per app, and the ids of every popup and
/// notification the agent created.
///
/// State changes only through (1) a click reported by the current owner of the notification
/// server's name on a notification this agent created (`NotificationsClient.ownedEvents()` drops
/// everyone else's signals; the id map drops foreign ids and ids of server connections that
/// have gone), (2) `SetSettings`, (3) `ResetSettings`.
///
/// Every server id the agent holds is bound to the server connection that issued it
/// (`OwnedNotificationID`). When the server's name changes owner, what the old server showed is
/// forgotten: its notifications are no longer delivered, and each open popup ends as closed,
/// its waiting `RequestAuthorization` calls failing with a `server` error that says to ask again.
package actor NotificationAgent {
    package nonisolated let connection: DBusConnection
    let server: NotificationsClient
    let store: SettingsStore
    let strings: PromptStrings
    var machines: [String: AuthorizationMachine] = [:]
    /// What the agent has on screen, by owned server id. Server events for ids not (yet) known
    /// are held there: a click can overtake the `Notify` reply that tells the agent the id.
    var shown = ServerNotificationRegistry()
    var nextRequest: UInt64 = 0
    /// Requests whose prompt could not be shown, or was on a server connection that went away
    /// before it was answered, with the reason their callers are given.
    var lostRequests: [RequestID: String] = [:]
    /// The server name's owner as the agent last saw it change.
    var serverOwner: String?
    var ownerTask: Task<Void, Never>?
    /// Follows the changes of time a timer cannot see (wall clock set, zone, resume).
    var timeChangeTask: Task<Void, Never>?
    let timeChanges: @Sendable () async throws -> AsyncStream<TimeChange>
    /// Notifications taken out of the schedule and not yet handed to the server; saved with the
    /// schedule (`PendingFile.firing`), so a crash before the server has them loses nothing.
    /// Those that failed because no server ran are tried again when one appears.
    var firing: [PendingKey: PendingNotification] = [:]
    /// The keys of `firing` being handed to the server right now.
    var handing: Set<PendingKey> = []
    /// What the server already has of `firing`, written the moment it answers.
    let firedJournal: FiredJournal
    /// How many were handed to the server so far (to know whether a save saw them all).
    var handedCount = 0
    /// How long before a fire date the agent wakes to save the schedule without what is due, so
    /// that the save (two `fsync`s) is done when the moment comes; it still fires at the moment.
    static let saveLead = 0.02
    var eventTask: Task<Void, Never>?
    let categories: CategoryStore
    let pendingStore: PendingStore
    let pendingSaver: PendingSaver
    let attachments: AttachmentKeeper
    var schedule = ScheduleQueue(calendarTimeZone: .current)
    var timer: Task<Void, Never>?
    var router = ResponseRouter()
    /// The unique bus name of each running app's presenter (its center has a delegate).
    var presenters: [String: String] = [:]
    /// Plays the sounds the server does not play.
    let soundPlayer: SoundPlayer

    package init(
        connection: DBusConnection, store: SettingsStore, serverName: BusName = NotificationsService.busName,
        strings: PromptStrings = .current(), soundPlayer: SoundPlayer = SoundPlayer(),
        timeChanges: @escaping @Sendable () async throws -> AsyncStream<TimeChange> = {
            try await TimeChangeBroadcast.system.subscribe()
        }
    ) {
        self.connection = connection
        self.soundPlayer = soundPlayer
        self.timeChanges = timeChanges
        server = NotificationsClient(connection: connection, serverName: serverName)
        self.store = store
        self.strings = strings
        categories = CategoryStore(directory: store.directory)
        pendingStore = PendingStore(directory: store.directory)
        pendingSaver = PendingSaver(store: pendingStore)
        firedJournal = FiredJournal(directory: store.directory)
        attachments = AttachmentKeeper(stateDirectory: store.directory)
    }

    /// Exports the agent's object, follows the server's events, then takes the agent's name.
    ///
    /// - Returns: `false` when another agent already owns the name (this one should exit).
    package func start() async throws -> Bool {
        await connection.export(path: AgentInterface.path, interfaces: [AgentInterface.description]) {
            [weak self] message in
            guard let self else { throw DBusError(.remote, "the agent is stopping", name: AgentInterface.serverError) }
            return try await self.handle(message)
        }
        let owners = try await server.ownerChanges()
        ownerTask = Task { [weak self] in
            do {
                for try await owner in owners { await self?.serverOwnerChanged(to: owner) }
            } catch {}
        }
        let events = try await server.ownedEvents()
        eventTask = Task { [weak self] in
            do {
                for try await event in events { await self?.handle(event) }
            } catch {}
        }
        // Loaded before the name is taken, so the first call already sees it; only the agent
        // that owns the name fires anything. One missed while no agent ran fires once, now, and
        // so does one that was being fired when the last agent stopped.
        let saved = try pendingStore.loadAll()
        schedule = ScheduleQueue(saved.pending, calendarTimeZone: .current)
        let reply = try await connection.requestName(AgentInterface.busName)
        guard reply == .primaryOwner || reply == .alreadyOwner else { return false }
        let now = Date()
        let fired = firedJournal.load()
        for pending in saved.firing where !FiredJournal.contains(fired, pending) {
            // Taken out just ahead of its moment: it waits in the schedule until then.
            if pending.fireDate > now { _ = schedule.add(pending) } else { firing[pending.key] = pending }
        }
        for pending in schedule.catchUp(now: now) { firing[pending.key] = pending }
        if !saved.firing.isEmpty || !firing.isEmpty {
            try await savePending()  // also clears the journal, which this save makes redundant
            await fireInFlight()
        }
        armTimer()
        do {
            let changes = try await timeChanges()
            timeChangeTask = Task { [weak self] in
                for await change in changes { await self?.timeChanged(change) }
            }
        } catch {
            FileHandle.standardError.write(Data("unotifyd: time changes are not followed: \(error)\n".utf8))
        }
        return true
    }

    /// Stops following events and releases the name.
    package func stop() async {
        eventTask?.cancel()
        ownerTask?.cancel()
        timeChangeTask?.cancel()
        timer?.cancel()
        try? await connection.releaseName(AgentInterface.busName)
    }
}
