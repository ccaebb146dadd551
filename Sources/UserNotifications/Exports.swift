// The engine's vocabulary and the agent's client live in NotificationAgentClient (no Foundation,
// so the `unotify` CLI that uses it starts fast); every file of this module sees them.
@_exported import NotificationAgentClient

// Apple's UserNotifications re-exports Foundation: a file that imports only UserNotifications
// sees Date, URL, NSObject, NSNumber and the rest, here as there.
@_exported import Foundation

// Trigger dates, exact JSON and format strings, which the agent computes too.
@_exported import UserNotificationsCore
