/// How one notification server is started on a private desktop. The harness has already
/// started the bus, Xvfb (unless ``runsWithoutX``), the compositor and PulseAudio when asked;
/// a recipe starts its server and sets ``DesktopLaunch/serverPID``, which must end up owning
/// org.freedesktop.Notifications.
protocol DesktopRecipe: Sendable {
    /// The binaries the server needs, each with the Debian package that has it.
    var requirements: [(binary: String, package: String)] { get }
    /// A server on a Wayland compositor of its own (or no server): no Xvfb unless `DESKTOP_X=1`.
    var runsWithoutX: Bool { get }
    /// notify-osd draws its bubbles only on a composited screen.
    var needsCompositor: Bool { get }

    func start(_ launch: DesktopLaunch) async throws
}

extension DesktopRecipe {
    var runsWithoutX: Bool { false }
    var needsCompositor: Bool { false }
}
