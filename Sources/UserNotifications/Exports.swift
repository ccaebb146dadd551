// The engine's vocabulary and the agent's client live in NotificationAgentClient (no Foundation,
// so the `unotify` CLI that uses it starts fast); every file of this module sees them.
@_exported import NotificationAgentClient
