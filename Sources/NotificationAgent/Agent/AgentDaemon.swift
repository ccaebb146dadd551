import DBus
import Dispatch
import Foundation
import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// `unotifyd`'s whole program: the per-session agent that owns notification state (see
/// `NotificationAgent`); the executable's `main` only calls ``main()``.
///
///     unotifyd             run (exits at once, status 0, when another agent already runs)
///     unotifyd --install   install the D-Bus activation file and a systemd user unit
///     unotifyd --introspect  print the agent's D-Bus interface (dbus/org.unotify.Agent1.xml)
package enum AgentDaemon {
    /// Runs `unotifyd` with the process's arguments. On the main actor, as the executable's
    /// `main` is, which has installed its quiet global executor before calling this.
    @MainActor
    package static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch arguments.first {
        case nil:
            await run()
        case "--install":
            do {
                for path in try AgentInstallation.install(executable: try AgentLauncher.executablePath(forDaemon: true))
                {
                    print(path)
                }
            } catch {
                fail("unotifyd: cannot install: \(error)")
            }
        case "--introspect":
            print(
                DBusIntrospection.xml(interfaces: [AgentInterface.description], includingStandardInterfaces: false),
                terminator: "")
        case "--help", "-h":
            print(
                """
                usage: unotifyd [--install | --introspect]
                  (no option)  run the notification agent on the session bus (org.unotify.Agent);
                               exits when another agent already runs or the bus goes away
                  --install    install ~/.local/share/dbus-1/services/org.unotify.Agent.service and
                               ~/.config/systemd/user/unotifyd.service for this user
                  --introspect print the agent's D-Bus interface, org.unotify.Agent1, as
                               introspection XML (a running agent answers Introspect with it)
                """)
        case "--version":
            print("unotifyd \(UnotifyVersion.number)")
        case let other?:
            fail("unotifyd: unknown argument '\(other)'; see unotifyd --help")
        }
    }

    private static func run() async {
        do {
            // Caught from before the name is taken: a SIGTERM the moment the name appears (a
            // session ending, a test) stops the agent cleanly instead of killing it.
            let stop = SignalWaiter(signals: [SIGTERM, SIGINT])
            let connection = try DBusConnection.sessionBus()
            let store = SettingsStore(directory: try SettingsStore.defaultDirectory())
            let agent = NotificationAgent(
                connection: connection, store: store,
                desktopSettings: await desktopSettings(DesktopSettingsSelection.select(), connection: connection))
            guard try await agent.start() else {
                // Status 0 as documented (another agent serves the session), but never silently.
                // try?: only for the message: an owner whose pid cannot be read is named without it
                let owner = (try? await connection.processID(of: AgentInterface.busName)).map { " (pid \($0))" }
                FileHandle.standardError.write(
                    Data(
                        ("unotifyd: another agent\(owner ?? "") already owns \(AgentInterface.busName.rawValue) "
                            + "on this bus; exiting\n").utf8))
                return
            }
            // Run until a signal, or until the bus goes away (the name's owner stream ends).
            let lost = try await connection.nameOwnerChanges(of: DBusConnection.busDaemon)
            let busWentAway = await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    await stop.wait()
                    return false
                }
                group.addTask {
                    do { for try await _ in lost {} } catch {}
                    return !Task.isCancelled
                }
                defer { group.cancelAll() }
                return await group.next() ?? false
            }
            if busWentAway {
                FileHandle.standardError.write(Data("unotifyd: the session bus went away; exiting\n".utf8))
                await agent.finishDeliveredWrite(within: Self.writeDeadline)
                return
            }
            await agent.stop()
            await agent.finishDeliveredWrite(within: Self.writeDeadline)
        } catch {
            fail("unotifyd: \(error)")
        }
    }

    /// How long a stopping agent waits for the delivered list being written (as an app's agent
    /// does at exit): a write takes milliseconds, a stop must not hang on a stuck disk.
    private static let writeDeadline = Duration.seconds(5)

    /// The selected desktop's own settings store; `nil` (the agent's own store alone) when the
    /// desktop has none, or when it cannot be used: then one line on stderr says why.
    /// The settings store of the desktop `selection` names (``DesktopSettingsSelection``): the one
    /// place where the agent picks it.
    package static func desktopSettings(_ selection: DesktopSettingsSelection, connection: DBusConnection) async
        -> (any DesktopAppSettingsStore)?
    {
        switch selection {
        case .gnome:
            do {
                return try GnomeNotificationSettings()
            } catch {
                FileHandle.standardError.write(
                    Data(
                        ("unotifyd: GNOME's notification settings cannot be used, so unotify's own settings "
                            + "count alone: \(error)\n").utf8))
                return nil
            }
        case .kde:
            return plasmaSettings(connection)
        case .xfce:
            return await xfceSettings()
        case .swaync:
            return SwayncNotificationSettings()
        case .none:
            return nil
        }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}
