import FreedesktopNotifications
import Foundation
import NotificationAgentClient

/// A notification the agent delivered and the server still shows (until `NotificationClosed`).
struct DeliveredNotification: Sendable {
    let app: String
    let request: DeliveryRequest
    let date: Date
    /// The `Notify` it was shown with, to take it down where `CloseNotification` leaves it on
    /// screen (`ServerProfile.removesClosedPopups`).
    let shown: NotifyRequest
}
