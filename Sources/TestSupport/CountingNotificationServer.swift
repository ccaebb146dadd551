import DBus
import Foundation
import FreedesktopNotifications

/// A notification server that only counts: how many times each summary was shown. For fault
/// tests that send hundreds of notifications and ask, at the end, whether each arrived exactly
/// once, at least once, or not at all.
public final class CountingNotificationServer: Sendable {
    public let connection: DBusConnection
    private let counts: Counts

    /// Starts the server on `address`, owning `org.freedesktop.Notifications`.
    public init(address: String) async throws {
        connection = try DBusConnection(address: address)
        let counts = Counts()
        self.counts = counts
        await connection.export(path: NotificationsService.path) { message in
            switch message.member?.rawValue {
            case "Notify":
                let request = try NotifyRequest(arguments: message.body)
                return [.uint32(counts.record(request))]
            case "GetCapabilities":
                return [["actions", "body"].dbusValue]
            case "GetServerInformation":
                return ["counting", "unotify tests", "1", "1.2"].map(\.dbusValue)
            case "CloseNotification":
                return []
            default:
                throw DBusError(.unknownMethod, "no such method")
            }
        }
        guard try await connection.requestName(NotificationsService.busName) == .primaryOwner else {
            throw TestSupportError("\(NotificationsService.busName) is already owned on this bus")
        }
    }

    /// How many times each summary was shown so far.
    public var shown: [String: Int] { counts.snapshot }

    /// `Notify` calls whose `replaces_id` this server never issued, or issued to another app's
    /// notification (a stale id from another server, which would replace someone else's).
    public var staleReplacements: Int { counts.stale }

    /// The id this server gave the notification with `summary` last.
    public func id(of summary: String) -> ServerNotificationID? { counts.id(of: summary) }

    /// Every id this server issued, as the user closing each would report them.
    public var issuedIDs: [ServerNotificationID] { counts.issued }

    /// Emits `event` as a broadcast signal, as a server does when the user acts.
    public func emit(_ event: ServerEvent) async throws {
        try await connection.send(event.signal)
    }

    /// Waits until every one of `summaries` was shown at least once, at most `timeout`.
    public func waitUntilShown(_ summaries: Set<String>, timeout: Duration) async throws {
        try await Eventually.wait(timeout: timeout, "\(summaries.count) notifications shown") {
            summaries.isSubset(of: self.counts.snapshot.keys)
        }
    }

    /// Stops serving; the name is given back first (see ``FakeNotificationServer/stop()``).
    public func stop() async {
        // try?: stopping: the bus drops the name with the connection anyway
        try? await connection.releaseName(NotificationsService.busName)
        await connection.close()
    }

    private final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private var byTitle: [String: Int] = [:]
        private var ids: [String: ServerNotificationID] = [:]
        private var lastID: UInt32 = 0
        private var staleCount = 0
        private var owners: [UInt32: String] = [:]

        func record(_ request: NotifyRequest) -> UInt32 {
            lock.withLock {
                byTitle[request.summary, default: 0] += 1
                let replaced = request.replacesID.rawValue
                // Stale: an id this server never issued, or issued to another app's notification.
                if replaced != 0, owners[replaced] != request.appName { staleCount += 1 }
                let id: UInt32
                if replaced != 0, owners[replaced] != nil {
                    id = replaced
                } else {
                    lastID += 1
                    id = lastID
                }
                owners[id] = request.appName
                ids[request.summary] = ServerNotificationID(rawValue: id)
                return id
            }
        }

        var snapshot: [String: Int] { lock.withLock { byTitle } }
        var stale: Int { lock.withLock { staleCount } }
        var issued: [ServerNotificationID] {
            lock.withLock { owners.keys.sorted().map { ServerNotificationID(rawValue: $0) } }
        }
        func id(of summary: String) -> ServerNotificationID? { lock.withLock { ids[summary] } }
    }
}
