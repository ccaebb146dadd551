import DBus
import NotificationAgentClient

/// The agent's responses room: where the user's responses go, to the app's listening
/// connections (the app is running) or into a queue kept until the app next listens, and which
/// connection presents the app's notifications (its center has a delegate that `willPresent`
/// is asked of). Kept by the `NotificationAgent` actor; the signals and calls are made in
/// `NotificationAgent+Responses.swift`.
struct ResponseRouter: Sendable {
    /// Unique bus names listening, per app.
    private(set) var listeners: [String: Set<String>] = [:]
    /// Responses no listener has taken yet, per app, oldest first (at most `limit` each, and
    /// `totalLimit` and ``byteLimit`` in all). The agent keeps them in `responses.journal` too.
    private(set) var queued: [String: [ResponseRecord]] = [:]
    static let limit = 1000
    static let totalLimit = 10_000
    /// The most bytes the queued responses may hold in all (``storedSize(of:)``), so that
    /// `responses.journal` stays far below what the next agent reads (256 MiB).
    static let byteLimit = 32 << 20
    /// The bytes queued per app (``storedSize(of:)``).
    private var bytesByApp: [String: Int] = [:]
    /// The connections registered to present each app's notifications, oldest first: the first
    /// presents, the others wait their turn (a later registration never takes over).
    private(set) var presenterQueues: [String: [String]] = [:]
    /// Presenters that let a `WillPresent` pass its deadline: not asked again until they
    /// register again.
    private(set) var silentPresenters: Set<String> = []

    /// The unique bus name of each app's presenter: its oldest live registration.
    var presenters: [String: String] { presenterQueues.compactMapValues(\.first) }

    /// The presenter to ask for `app`'s notification; `nil` when it has none, or when the one
    /// it has did not answer in time before.
    func presenter(for app: String) -> String? {
        guard let name = presenterQueues[app]?.first, !silentPresenters.contains(name) else { return nil }
        return name
    }

    /// A router with no listeners, holding `queued` (as loaded from disk), within the limits.
    init(queued: [String: [ResponseRecord]] = [:]) {
        for (app, responses) in queued.sorted(by: { $0.key < $1.key }) {
            for response in responses { self.queue(response, app: app) }
        }
    }

    /// Adds `name` as a listener of `app`; returns the responses queued for the app (now taken).
    mutating func addListener(_ name: String, app: String) -> [ResponseRecord] {
        listeners[app, default: []].insert(name)
        bytesByApp[app] = nil
        return queued.removeValue(forKey: app) ?? []
    }

    /// Takes back what ``addListener(_:app:)`` did, when the taking could not be saved: `name`
    /// no longer listens to `app`, and `taken` is queued again before what came meanwhile.
    mutating func undoListen(_ name: String, app: String, taken: [ResponseRecord]) {
        listeners[app]?.remove(name)
        if listeners[app]?.isEmpty == true { listeners[app] = nil }
        let since = queued.removeValue(forKey: app) ?? []
        bytesByApp[app] = nil
        for response in taken + since { queue(response, app: app) }
    }

    /// Registers `name` to present `app`'s notifications: it presents at once when the app has
    /// no presenter, else after those registered before it have left. Registering again makes a
    /// presenter that went silent be asked again. Returns whether `name` presents now.
    @discardableResult
    mutating func setPresenter(_ name: String, app: String) -> Bool {
        silentPresenters.remove(name)
        if presenterQueues[app]?.contains(name) != true { presenterQueues[app, default: []].append(name) }
        return presenterQueues[app]?.first == name
    }

    /// Marks `name` as a presenter that let a `WillPresent` pass its deadline.
    mutating func presenterWentSilent(_ name: String) {
        silentPresenters.insert(name)
    }

    /// Forgets `name` as a listener and as a presenter (its connection left the bus).
    mutating func removeListener(_ name: String) {
        for app in listeners.keys { listeners[app]?.remove(name) }
        listeners = listeners.filter { !$0.value.isEmpty }
        for app in presenterQueues.keys { presenterQueues[app]?.removeAll { $0 == name } }
        presenterQueues = presenterQueues.filter { !$0.value.isEmpty }
        silentPresenters.remove(name)
    }

    /// The listeners to send `response` to; when there are none it is queued.
    mutating func route(_ response: ResponseRecord) -> Set<String> {
        if let names = listeners[response.app], !names.isEmpty { return names }
        queue(response, app: response.app)
        return []
    }

    /// Queues `response` for `app`; beyond the limits the oldest of the app, then the app with
    /// the most waiting (in number, then in bytes), give way.
    private mutating func queue(_ response: ResponseRecord, app: String) {
        queued[app, default: []].append(response)
        bytesByApp[app, default: 0] += Self.storedSize(of: response)
        if let count = queued[app]?.count, count > Self.limit { dropOldest(of: app) }
        if queued.values.reduce(0, { $0 + $1.count }) > Self.totalLimit,
            let fullest = queued.max(by: { $0.value.count < $1.value.count })?.key
        {
            dropOldest(of: fullest)
        }
        while bytesByApp.values.reduce(0, +) > Self.byteLimit,
            let fullest = bytesByApp.max(by: { $0.value < $1.value })?.key
        {
            dropOldest(of: fullest)
        }
    }

    private mutating func dropOldest(of app: String) {
        guard let oldest = queued[app]?.first else { return }
        queued[app]?.removeFirst()
        bytesByApp[app, default: 0] -= Self.storedSize(of: oldest)
        if queued[app]?.isEmpty == true {
            queued[app] = nil
            bytesByApp[app] = nil
        }
    }

    /// About how many bytes `response` takes in `responses.journal`: the fields a response keeps
    /// (``StoredResponse``), and room for the rest of its line.
    static func storedSize(of response: ResponseRecord) -> Int {
        let request = response.request
        return [
            request.identifier, request.title, request.subtitle, request.body, request.categoryIdentifier,
            request.threadIdentifier, request.imagePath ?? "", request.userInfoJSON ?? "", response.app,
            response.actionIdentifier, response.userText ?? "", response.activationToken ?? "",
        ].reduce(256) { $0 + $1.utf8.count }
    }
}
