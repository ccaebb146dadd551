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
                return [.uint32(counts.record(request.summary))]
            case "GetCapabilities":
                return [["actions", "body"].dbusValue]
            case "GetServerInformation":
                return ["counting", "unotify tests", "1", "1.2"].map(\.dbusValue)
            case "CloseNotification":
                return []
            default:
                throw DBusError(.remote, "no such method", name: "org.freedesktop.DBus.Error.UnknownMethod")
            }
        }
        guard try await connection.requestName(NotificationsService.busName) == .primaryOwner else {
            throw TestSupportError("\(NotificationsService.busName) is already owned on this bus")
        }
    }

    /// How many times each summary was shown so far.
    public var shown: [String: Int] { counts.snapshot }

    /// Waits until every one of `summaries` was shown at least once, at most `timeout`.
    public func waitUntilShown(_ summaries: Set<String>, timeout: Duration) async throws {
        try await Eventually.wait(timeout: timeout, "\(summaries.count) notifications shown") {
            summaries.isSubset(of: self.counts.snapshot.keys)
        }
    }

    public func stop() async { await connection.close() }

    private final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private var byTitle: [String: Int] = [:]
        private var lastID: UInt32 = 0

        func record(_ summary: String) -> UInt32 {
            lock.withLock {
                byTitle[summary, default: 0] += 1
                lastID += 1
                return lastID
            }
        }

        var snapshot: [String: Int] { lock.withLock { byTitle } }
    }
}
