import UserNotificationsCore
import NotificationAgentClient
import DBus
import FreedesktopNotifications
import Foundation

/// The engine that `unotifyd` hosts: the one connection to the notification server, the
/// settings store, one authorization machine per app, and the ids of every popup and
/// notification the agent created.
///
/// State changes only through (1) a click reported by the current owner of the notification
/// server's name on a notification this agent created (`NotificationServer.ownedEvents()` drops
/// everyone else's signals; the id map drops foreign ids and ids of server connections that
/// have gone), (2) `SetSettings`, (3) `ResetSettings`.
///
/// Every server id the agent holds is bound to the server connection that issued it
/// (`OwnedNotificationID`). When the server's name changes owner, what the old server showed is
/// forgotten: its notifications are no longer delivered, and each open popup ends as closed,
/// its waiting `RequestAuthorization` calls failing with a `server` error that says to ask again.
package actor NotificationAgent {
    package nonisolated let connection: DBusConnection
    /// The notification server: a `NotificationsClient` on `connection`, or what `init` was given.
    let server: any NotificationServer
    /// Where failures nobody else hears are said (``AgentLog``).
    let log: AgentLog
    /// The monotonic clock the agent's rate limits read (``WrongReplyLimit``).
    let monotonicClock: @Sendable () -> ContinuousClock.Instant
    /// The machines, the settings store, the prompts (`NotificationAgent+Authorization.swift`).
    var authorizations: AgentAuthorizations
    /// The schedule, its files and its timer (`NotificationAgent+Schedule.swift`).
    var scheduler: AgentScheduler
    /// Categories, attachments, sounds, and how a request is shown (`NotificationAgent+Delivery.swift`).
    let delivery: AgentDelivery
    /// Listeners, presenters and queued responses (`NotificationAgent+Responses.swift`).
    var router = ResponseRouter()
    /// `responses.journal`, where the queued responses outlive the agent; `nil` while a file that
    /// could not be read is left as it is (`NotificationAgent+ResponseQueue.swift`).
    var responseQueue: ResponseQueueStore?
    /// What the agent has on screen, by owned server id. Server events for ids not (yet) known
    /// are held there: a click can overtake the `Notify` reply that tells the agent the id.
    var shown = ServerNotificationRegistry()
    /// Wrong numbers given to `Reply`, to refuse a guesser.
    var wrongReplies = WrongReplyLimit()
    /// The server's owner and the tasks that follow it (`NotificationAgent+ServerEvents.swift`).
    var serverWatch = ServerOwnerWatch()
    /// Remote notifications: subscriptions, distributor, counts (`NotificationAgent+Push.swift`).
    var push: AgentPush
    /// The delivered notifications in the store (`NotificationAgent+DeliveredStore.swift`); nil
    /// while the store cannot be read.
    var deliveredStore: DeliveredTable?
    /// What the store held at start, until the server's owner is known.
    var savedDelivered: [StoredDelivered]?
    /// Whether a write of the delivered list's changes runs.
    var deliveredWriting = false
    var deliveredWriter: Task<Void, Never>?
    /// Calls wait here while an agent that took the name from another still reads its files.
    let started = StartGate()
    /// Each caller's sandbox, by unique name (`NotificationAgent+Callers.swift`).
    var callerSandboxes: [String: CallerSandbox] = [:]
    /// Which process runs this agent (set by `start(as:)`).
    var host = AgentHost.daemon

    /// An agent on `connection` keeping its files in `store`'s directory. Its notification
    /// server is `server`, or by default a `NotificationsClient` on `connection` for
    /// `serverName`; `timeChanges` subscribes to the changes of time the scheduler follows;
    /// `desktopSettings` is the running desktop's own per-app settings, when it has them; `log`
    /// is where failures nobody else hears are said; `monotonicClock` is what rate limits read
    /// (a test holds it still).
    package init(
        connection: DBusConnection, store: SettingsStore, serverName: BusName = NotificationsService.busName,
        server: (any NotificationServer)? = nil, strings: PromptStrings = .current(),
        soundPlayer: SoundPlayer = SoundPlayer(), desktopSettings: (any DesktopAppSettingsStore)? = nil,
        log: AgentLog = .standardError,
        monotonicClock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        timeChanges: @escaping @Sendable () async throws -> AsyncStream<TimeChange> = {
            try await TimeChangeBroadcast.system.subscribe()
        }
    ) {
        self.connection = connection
        self.server = server ?? NotificationsClient(connection: connection, serverName: serverName)
        self.log = log
        self.monotonicClock = monotonicClock
        authorizations = AgentAuthorizations(store: store, strings: strings, desktop: desktopSettings)
        scheduler = AgentScheduler(directory: store.directory, timeChanges: timeChanges)
        delivery = AgentDelivery(directory: store.directory, soundPlayer: soundPlayer)
        responseQueue = ResponseQueueStore(directory: store.directory)
        push = AgentPush(directory: store.directory)
        deliveredStore = DeliveredTable(directory: store.directory)
    }

    /// Exports the agent's object, follows the server's events, then takes the agent's name.
    ///
    /// `unotifyd` (`host` `.daemon`) takes the name from an agent hosted in an app, which then
    /// stops; it takes it before it reads its files, so that the other no longer writes them,
    /// and calls wait until it has read them. An agent hosted in an app (`.app`) lets a
    /// `unotifyd` take the name, and says it is an app's (``AgentBusName/appHost``), so that
    /// another app takes it over when this one leaves.
    ///
    /// - Returns: `false` when another agent already owns the name and keeps it (this one
    ///   should exit).
    package func start(as host: AgentHost = .daemon) async throws -> Bool {
        self.host = host
        // A call refused for its size never reaches `handle`: the log says which, and how large.
        await connection.export(
            path: AgentInterface.path, interfaces: [AgentInterface.description],
            refused: { [log] call in log.write("limits", call.description) }
        ) { [weak self] message in
            guard let self else { throw DBusError(.remote, "the agent is stopping", name: AgentInterface.serverError) }
            await self.started.pass()
            return try await self.handle(message)
        }
        defer { started.open() }
        if host == .daemon, try await connection.nameOwner(of: AgentInterface.busName) != nil {
            let reply = try await connection.requestName(AgentInterface.busName, flags: host.nameFlags)
            guard reply == .primaryOwner else { return false }
        }
        let owners = try await server.ownerChanges()
        serverWatch.follow(
            Task { [weak self] in
                do {
                    for try await owner in owners { await self?.serverOwnerChanged(to: owner) }
                } catch {}
            })
        let events = try await server.ownedEvents()
        serverWatch.follow(
            Task { [weak self] in
                do {
                    for try await event in events { await self?.handle(event) }
                } catch {}
            })
        // The store is opened before the name is taken, so the first call already finds it.
        await exportConnector()
        try await openSchedule()
        loadDelivered()
        loadQueuedResponses()
        // The notifications an earlier agent left on screen, taken before the first call can ask
        // to replace one: the server's owner now decides which are still shown.
        var currentOwner = try await server.ownerChanges().makeAsyncIterator()
        restoreDelivered(owner: try await currentOwner.next() ?? nil)
        let reply = try await connection.requestName(AgentInterface.busName, flags: host.nameFlags)
        guard reply == .primaryOwner || reply == .alreadyOwner else { return false }
        if host == .app { await markAppHost() }
        await startPush()
        // Only the agent that owns the name fires anything: what is due (and was missed while no
        // agent ran) fires once, now, and so does what a stopped host was firing.
        await joinHosts()
        do {
            let changes = try await scheduler.timeChanges()
            scheduler.setTimeChangeTask(
                Task { [weak self] in
                    for await change in changes { await self?.timeChanged(change) }
                })
            // The zone may have changed between reading it (`init`) and the watch's start, which
            // reports only changes after it: look once more now that it watches.
            await timeChanged(.timeZoneChanged(LocalTimeZone.current()))
        } catch {
            log.write("time changes are not followed: \(error)")
        }
        return true
    }

    /// Beside the agent's name, an agent hosted in an app owns ``AgentBusName/appHost``: the
    /// apps that use it then take the agent over the moment this app leaves the bus (see
    /// `AgentClient.followAppHost`). It takes it from an earlier host still stopping; without
    /// it, the apps start the agent again at their next call instead.
    private func markAppHost() async {
        do {
            _ = try await connection.requestName(
                AgentBusName.appHost, flags: [.doNotQueue, .allowReplacement, .replaceExisting])
        } catch {
            log.write("the apps using this agent will not take it over when this app exits: \(error)")
        }
    }

    /// Stops following events and releases the name.
    package func stop() async {
        serverWatch.stop()
        await leaveHosts()
        stopPush()
        // try?: stopping: the bus drops the name with the connection anyway
        try? await connection.releaseName(AgentInterface.busName)
    }
}
