import DBus
import NotificationAgentClient

/// Where the user's responses go: to the app's listening connections (the app is running), or
/// into a queue kept until the app next listens.
struct ResponseRouter: Sendable {
    /// Unique bus names listening, per app.
    private(set) var listeners: [String: Set<String>] = [:]
    /// Responses no listener has taken yet, per app, oldest first (at most `limit` each).
    private(set) var queued: [String: [ResponseRecord]] = [:]
    static let limit = 1000

    mutating func addListener(_ name: String, app: String) -> [ResponseRecord] {
        listeners[app, default: []].insert(name)
        return queued.removeValue(forKey: app) ?? []
    }

    mutating func removeListener(_ name: String) {
        for app in listeners.keys { listeners[app]?.remove(name) }
        listeners = listeners.filter { !$0.value.isEmpty }
    }

    /// The listeners to send `response` to; when there are none it is queued.
    mutating func route(_ response: ResponseRecord) -> Set<String> {
        if let names = listeners[response.app], !names.isEmpty { return names }
        queued[response.app, default: []].append(response)
        if let count = queued[response.app]?.count, count > Self.limit { queued[response.app]?.removeFirst() }
        return []
    }
}
