import FreedesktopNotifications

/// A `unotify send` parsed and checked, ready to post.
struct PreparedSend: Sendable {
    var options: SendOptions
    var request: NotifyRequest

    /// Whether it needs more than one blocking post, and so a task: the agent (`--app`, or a
    /// notification for an installed app, which the agent may show: `SendRelay`), the server's
    /// profile (`--image`) or its answer (`-w`, `-A`).
    var needsTask: Bool {
        options.app != nil || options.image != nil || !request.actions.isEmpty || options.wait
            || request.body.contains("<a")  // the server's profile decides how a link is sent
            || SendRelay.namesInstalledApp(request)
    }
}
