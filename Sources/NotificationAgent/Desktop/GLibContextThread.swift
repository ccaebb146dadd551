import CGio
import Dispatch
import Foundation

/// A GLib main context iterated on a thread of its own, for GIO objects that deliver their
/// changes through a main context (GSettings and its backends: the keyfile backend reloads its
/// file, and dconf's emits its changes, only when the context they were made in is iterated).
///
/// Everything that touches those objects runs on this thread through ``run(_:)``, with the
/// context as the thread-default context, so that they are made in it and their change
/// notifications are dispatched by it, never polled. The agent's own threads never iterate it.
final class GLibContextThread: @unchecked Sendable {
    /// `GMainContext *`, owned by the thread for its whole life (the agent's).
    private let context: GLibPointer
    /// How long a caller waits for the thread before it gives up.
    private let deadline: DispatchTimeInterval

    init(name: String, deadline: DispatchTimeInterval = .seconds(5)) {
        let context = GLibPointer(g_main_context_new())
        self.context = context
        self.deadline = deadline
        let loop = GLibPointer(g_main_loop_new(context.raw, 0))
        let started = DispatchSemaphore(value: 0)
        let thread = Thread {
            g_main_context_push_thread_default(context.raw)
            started.signal()
            g_main_loop_run(loop.raw)
        }
        thread.name = name
        thread.start()
        started.wait()
    }

    /// Runs `body` on the thread and returns its result; throws what it throws, or when the
    /// thread has not run it within the deadline.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let job = GLibJob { try body() }
        g_main_context_invoke_full(context.raw, 0, glibJobRun, Unmanaged.passRetained(job).toOpaque(), nil)
        guard job.done.wait(timeout: .now() + deadline) == .success, let result = job.result else {
            throw GnomeSettingsError("GLib's main context did not answer within \(deadline)")
        }
        guard let value = try result.get() as? T else { throw GnomeSettingsError("a GLib job returned the wrong type") }
        return value
    }
}

/// The C function the context calls for each job: runs it once and releases it.
private func glibJobRun(_ data: gpointer?) -> gboolean {
    guard let data else { return 0 }
    Unmanaged<GLibJob>.fromOpaque(data).takeRetainedValue().perform()
    return 0  // G_SOURCE_REMOVE
}
