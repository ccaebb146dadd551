import FreedesktopNotifications
import NotificationAgentClient
import Glibc

/// A `unotify send` parsed and checked, ready to post.
struct PreparedSend: Sendable {
    var options: SendOptions
    var request: NotifyRequest

    /// Whether it needs more than one blocking post, and so a task: the agent (`--app`, or a
    /// notification for an installed app, which the agent may show: `SendRelay`), the server's
    /// profile (`--image`), its specification version (notify-send 0.8.9's `-i`) or its answer (`-w`, `-A`), or, in a
    /// Flatpak sandbox, the notification portal (`SendCommand.portalInSandbox`).
    var needsTask: Bool {
        options.app != nil || options.image != nil || !request.actions.isEmpty || options.wait
            || (options.release.sendsIconAsImageHint && !options.icon.isEmpty)  // the server's version decides
            || request.body.contains("<a")  // the server's profile decides how a link is sent
            || SendRelay.namesInstalledApp(request)
            || access("/.flatpak-info", F_OK) == 0 || SnapSandbox.current() != nil  // a sandbox: maybe the portal
    }
}
