/// One call of ``SignalWaiter/wait()``: its identity keys the wait while it is registered, and
/// it remembers a cancellation that came before the wait was registered.
final class SignalWaitTicket: @unchecked Sendable {
    /// Guarded by the waiter's queue.
    var cancelled = false
}
