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
    /// Responses no listener has taken yet, per app, oldest first (at most `limit` each).
    private(set) var queued: [String: [ResponseRecord]] = [:]
    static let limit = 1000
    /// The unique bus name of each running app's presenter.
    private(set) var presenters: [String: String] = [:]

    /// Adds `name` as a listener of `app`; returns the responses queued for the app (now taken).
    mutating func addListener(_ name: String, app: String) -> [ResponseRecord] {
        listeners[app, default: []].insert(name)
        return queued.removeValue(forKey: app) ?? []
    }

    /// Makes `name` the app's presenter (replacing the one before).
    mutating func setPresenter(_ name: String, app: String) {
        presenters[app] = name
    }

    /// Forgets `name` as a listener and as a presenter (its connection left the bus).
    mutating func removeListener(_ name: String) {
        for app in listeners.keys { listeners[app]?.remove(name) }
        listeners = listeners.filter { !$0.value.isEmpty }
        presenters = presenters.filter { $0.value != name }
    }

    /// The listeners to send `response` to; when there are none it is queued.
    mutating func route(_ response: ResponseRecord) -> Set<String> {
        if let names = listeners[response.app], !names.isEmpty { return names }
        queued[response.app, default: []].append(response)
        if let count = queued[response.app]?.count, count > Self.limit { queued[response.app]?.removeFirst() }
        return []
    }
}
