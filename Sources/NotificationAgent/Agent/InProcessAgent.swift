import DBus
import FreedesktopNotifications
import Foundation
import NotificationAgentClient

/// The agent's work in an app's own process, for an app installed without `unotifyd` (its own
/// binary, tarball or package): the same engine on the same files (the user's state directory),
/// owning `org.unotify.Agent` on the session bus while the app runs, so that other apps and the
/// `unotify` command use it too, and an agent started later finds the same state.
///
/// It gives way to a real agent: it holds the name so that `unotifyd` may take it, and it stops
/// when that happens (the app's client goes on with `unotifyd`).
///
/// It does not leave the other apps without an agent: beside its name it owns
/// ``AgentBusName/appHost`` (``NotificationAgent/start(as:)``), which tells their clients that
/// the agent leaves the bus with this app. When this app exits, normally or killed, each running
/// app that uses the library (one with a client connected: `AgentClient.followAppHost`) starts
/// the agent again at once, as a call would: `unotifyd` where one can be started, else in its own
/// process, here. The bus gives the name to one of them (`DO_NOT_QUEUE`); the others find it
/// owned and stay clients, their listening and presenter following the name to the new owner.
/// The new host reads the same files, which this one wrote before it answered any call, so what
/// the apps scheduled fires on time and their clicks are heard. `unotifyd` taking the name from
/// this app leaves it owned, and `unotifyd` owns no ``AgentBusName/appHost``: neither starts a
/// hand-over, so there is no loop. In a sandbox the agent answers on the app's own name, for that
/// app only: nobody takes it over.
///
/// What needs a process that outlives every app using it waits for the next agent: a request
/// scheduled for after they have all exited fires when an agent next starts (late, once), and a
/// response given after the app exits (a click on a notification still on screen) is not heard,
/// except in a Flatpak sandbox whose app the desktop starts for the click (`DBusActivatable`,
/// ``PortalAppActivation``). At exit it waits (bounded) until the notifications it showed are
/// written, for the agent that hears that click.
package actor InProcessAgent {
    /// The process's one host.
    package static let shared = InProcessAgent()

    /// The agent this process runs, and the task that stops it when another agent takes its name.
    private var running: (agent: NotificationAgent, connection: DBusConnection, follower: Task<Void, Never>)?
    /// Whether the reason no `unotifyd` could be used was said already.
    private var said = false
    /// Whether exit waits for the agent's writes.
    private var exitHookRegistered = false

    /// Makes sure an agent owns its name on the session bus (or the bus at `busAddress`),
    /// running it in this process unless one already runs here or elsewhere; `why` is why no
    /// `unotifyd` was used, said once on standard error when it is not simply absent.
    package func host(busAddress: String?, why: AgentError) async throws {
        if running != nil { return }
        // try?: a root that cannot be read is no sandbox this check knows; hosting then says what fails
        let sandbox = try? CallerSandbox.of(processID: UInt32(getpid()))
        let connection: DBusConnection
        do {
            connection =
                if let busAddress { try await DBusConnection.connect(address: busAddress) } else {
                    try await DBusConnection.connectToSessionBus()
                }
        } catch let error as DBusError {
            throw AgentError(error)
        }
        do {
            let host: AgentHost
            if case .flatpak(let app)? = sandbox {
                host = .appInSandbox(app: app)
                try await useTheSandboxsName(app, on: connection)
            } else if let app = SnapSandbox.current() {
                // Not tried in a real snap (see SnapSandbox): the portal's way, as for Flatpak.
                host = .appInSandbox(app: app)
                try await useTheSandboxsName(app, on: connection, flatpak: false)
            } else {
                host = .app
            }
            if try await connection.nameOwner(of: AgentInterface.busName) != nil {
                await connection.close()
                return
            }
            let store = SettingsStore(directory: try SettingsStore.defaultDirectory())
            let agent =
                if case .appInSandbox(let app) = host {
                    NotificationAgent(
                        connection: connection, store: store,
                        server: PortalNotificationServer(
                            connection: connection, activation: await Self.activation(of: app, on: connection)),
                        desktopSettings: PortalPermissionSettings(), log: Self.log)
                } else {
                    NotificationAgent(
                        connection: connection, store: store,
                        desktopSettings: await AgentDaemon.desktopSettings(
                            DesktopSettingsSelection.select(), connection: connection),
                        log: Self.log)
                }
            let owners = try await connection.nameOwnerChanges(of: AgentInterface.busName)
            guard try await agent.start(as: host) else {
                // Another agent took the name meanwhile: the app uses that one.
                await agent.stop()
                await connection.close()
                return
            }
            sayOnce(why)
            let follower = Task { [weak self] in
                do {
                    for try await change in owners where change.newOwner != connection.uniqueName {
                        break
                    }
                } catch {}
                await self?.stop()
            }
            running = (agent, connection, follower)
            if !exitHookRegistered {
                exitHookRegistered = true
                atexit { InProcessAgent.finishWritesBeforeExit() }
            }
        } catch let error as StoreError {
            await connection.close()
            throw AgentError(.settings, error.description)
        } catch {
            await connection.close()
            throw error
        }
    }

    /// In the sandbox of `app`, which hides `org.unotify.Agent` and the notification server:
    /// this process's agent answers on a name of the app's own and shows through the
    /// notification portal, which must be there.
    private func useTheSandboxsName(_ app: String, on connection: DBusConnection, flatpak: Bool = true) async throws {
        guard try await connection.nameOwner(of: NotificationPortal.busName) != nil else {
            throw AgentError(
                .unavailable,
                flatpak
                    ? "\(app) runs in a Flatpak sandbox that hides org.unotify.Agent, and no notification portal "
                        + "(org.freedesktop.portal.Desktop) answers: install xdg-desktop-portal and a backend for the "
                        + "desktop, or give the app --talk-name=org.unotify.Agent with unotify installed on the host"
                    : "\(app) runs confined in a snap, and no notification portal (org.freedesktop.portal.Desktop) "
                        + "answers: install xdg-desktop-portal and a backend for the desktop")
        }
        AgentBusName.use(try AgentBusName.sandboxed(app: app))
        guard flatpak else { return }
        let entry = "/app/share/applications/\(app).desktop"
        if access(entry, F_OK) != 0 {
            // GNOME Shell refuses a portal notification of an app without one (InvalidApp), and
            // the portal still tells the app it was shown: say so rather than lose them silently.
            Self.log.write(
                "\(app) has no \(entry): GNOME Shell drops its notifications while the portal reports them "
                    + "shown; install the app's desktop file (flatpak exports it from there)")
        }
    }

    /// The app's own activation, through which its notifications' buttons are answered (see
    /// ``PortalAppActivation``), or nil when the app's name is taken (an app built on
    /// GApplication owns it) or cannot be: the portal's `ActionInvoked` serves then.
    private static func activation(of app: String, on connection: DBusConnection) async -> PortalAppActivation? {
        do {
            return try await PortalAppActivation.start(app: app, on: connection)
        } catch {
            log.write("\(app): clicks are heard only while the app runs: its own name cannot be taken (\(error))")
            return nil
        }
    }

    /// At exit, waits (at most 5 s) until what the agent keeps of the notifications on screen is
    /// written: the next agent, or the app started again for a click on one, reads it.
    private static func finishWritesBeforeExit() {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await InProcessAgent.shared.running?.agent.deliveredWritten()
            done.signal()
        }
        _ = done.wait(timeout: .now() + 5)
    }

    /// Stops the agent this process runs: another took the name, or the bus went away.
    private func stop() async {
        guard let running else { return }
        self.running = nil
        await running.agent.stop()
        await running.connection.close()
    }

    /// Says why `unotifyd` was not used, once, unless it is simply not installed.
    private func sayOnce(_ why: AgentError) {
        guard !said, !why.message.hasPrefix(AgentLauncher.notInstalled) else { return }
        said = true
        Self.log.write("\(why.message); running the agent's work in this process instead")
    }

    /// The agent's diagnostics, on the app's standard error, saying where they come from.
    private static let log = AgentLog { line in
        let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "app"
        FileHandle.standardError.write(Data("\(program) (in-process \(line))\n".utf8))
    }
}
