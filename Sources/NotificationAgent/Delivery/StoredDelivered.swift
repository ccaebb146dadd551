import FreedesktopNotifications
import Foundation
import NotificationAgentClient

/// A delivered notification as `delivered.json` keeps it: what ``DeliveredNotification`` holds,
/// with its owned id; of the `Notify` it was shown with, what taking it down needs.
struct StoredDelivered: Codable, Equatable {
    var app: String
    var request: DeliveryRequest
    var date: Date
    /// The unique bus name of the server connection that showed it.
    var owner: String
    var id: UInt32
    var appName: String
    var appIcon: String
    var summary: String
    var body: String

    init(_ notification: DeliveredNotification, at id: OwnedNotificationID) {
        app = notification.app
        request = notification.request
        date = notification.date
        owner = id.owner
        self.id = id.id.rawValue
        appName = notification.shown.appName
        appIcon = notification.shown.appIcon
        summary = notification.shown.summary
        body = notification.shown.body
    }

    /// The owned id it was shown under.
    var ownedID: OwnedNotificationID { OwnedNotificationID(owner: owner, id: ServerNotificationID(rawValue: id)) }

    /// The notification it keeps.
    var notification: DeliveredNotification {
        DeliveredNotification(
            app: app, request: request, date: date,
            shown: NotifyRequest(appName: appName, appIcon: appIcon, summary: summary, body: body))
    }
}
