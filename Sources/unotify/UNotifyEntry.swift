import ArgumentParser
import Dispatch
import NotificationAgentClient
import QuietExecutor

#if canImport(Glibc)
    import Glibc
#endif

/// Where `unotify` starts: a synchronous `main`, so that `unotify send` without waiting runs on
/// the main thread alone, with no task, executor or worker thread started (see
/// docs/PERFORMANCE.md); every other command runs in a task.
@main
enum UNotifyEntry {
    static func main() {
        if let problem = CommandLineText.invalidUTF8Argument() {
            StandardError.write("unotify: \(problem)")
            Glibc.exit(1)
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Started as `notify-send` (a link or a copy): the whole command line is a send.
        let release: NotifySendRelease
        do {
            release = try NotifySendRelease.selected()
        } catch {
            fail(with: error)
        }
        let personality = NotifySendPersonality(programName: CommandLine.arguments.first, release: release)
        if personality != nil || arguments.first == "send" {
            // `send` is parsed by SendOptions alone: notify-send's rules, and no ArgumentParser start-up.
            var prepared: PreparedSend?
            do {
                guard
                    let send = try SendCommand.prepare(
                        arguments: personality == nil ? Array(arguments.dropFirst()) : arguments, release: release,
                        personality: personality)
                else {
                    Glibc.exit(0)
                }
                prepared = send
                if !send.needsTask {
                    let client = try SendCommand.connect()
                    try SendCommand.post(send.request, on: client, reporting: send.options)
                    // Exits holding the connection: letting go of it disposes its queue, which
                    // starts a thread.
                    withExtendedLifetime(client) { Glibc.exit(0) }
                }
                runInTask {
                    do {
                        try await SendCommand.finish(send)
                    } catch {
                        throw personality?.reported(error, for: send) ?? error
                    }
                }
            } catch {
                fail(with: personality?.reported(error, for: prepared) ?? error)
            }
        }
        runInTask {
            var command = try UNotify.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        }
    }

    /// Runs `work` in a task on the quiet executor and exits with its outcome; never returns.
    /// Not inlined: the plain `send` would otherwise pay for the task's types at the start of `main`.
    @inline(never)
    private static func runInTask(_ work: @escaping @Sendable () async throws -> Void) -> Never {
        // Before anything runs on the global executor: `send -w` and `listen` wait without waking.
        IdleQuietGlobalExecutor.install()
        Task {
            do {
                try await work()
                Glibc.exit(0)
            } catch {
                fail(with: error)
            }
        }
        dispatchMain()
    }

    /// Reports `error` as notify-send does (one line on stderr, exit 1; `unotify send` exits 2
    /// when there is no bus or no server) and exits; help and version requests print and exit 0.
    private static func fail(with error: any Error) -> Never {
        if let failure = error as? CommandFailure {
            StandardError.write(failure.message)
            Glibc.exit(failure.exitCode)
        }
        let code = UNotify.exitCode(for: error)
        if code == .success {
            UNotify.exit(withError: error)
        }
        StandardError.write(UNotify.fullMessage(for: error))
        Glibc.exit(code == .validationFailure ? 1 : code.rawValue)
    }
}
