import Foundation
import NotificationAgentClient

/// A notification the agent delivered and the server still shows (until `NotificationClosed`).
struct DeliveredNotification: Sendable {
    let app: String
    let request: DeliveryRequest
    let date: Date
}
