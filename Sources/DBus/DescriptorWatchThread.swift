import CEpoll
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One thread of the process, blocked in `epoll_wait`, that tells libdbus's watches when their
/// socket is ready: it replaces libdispatch's read and write sources.
///
/// libdispatch's epoll loop reports a hang-up once and then deletes the source: a socket whose
/// peer went away with data still unread (a bus daemon stopped while signals were on their way)
/// was read once and never again, so libdbus never saw the end of the stream and every call and
/// subscription on that connection waited for ever. The same hang-up path crashed a test process
/// (a source "finalized twice" on libdispatch's manager thread). Here each watch is registered
/// one-shot and armed again by its owner after libdbus handled the event, so a socket keeps
/// being reported for as long as it is readable, writable or hung up, and nothing is deleted
/// behind its owner's back.
///
/// Each registration watches its own duplicate of the descriptor: libdbus watches one socket
/// twice (reading and writing) and epoll refuses a descriptor it already has. The duplicate is
/// taken off epoll and closed in ``unwatch(_:)``, before libdbus closes its own. Events carry
/// only the registration's number; one that arrives after ``unwatch(_:)`` finds no handler.
/// The thread starts with the first watch and sleeps in the kernel until a socket is ready.
final class DescriptorWatchThread: Sendable {
    /// A registration, as ``watch(_:events:handler:)`` returned it.
    struct Token: Hashable, Sendable {
        fileprivate let number: UInt64
    }

    /// What the owner is told of a ready socket, on the watch thread: it must not block.
    typealias Handler = @Sendable (Token, UInt32) -> Void

    private struct Registration {
        let descriptor: Int32
        let events: UInt32
        let handler: Handler
    }

    static let shared = DescriptorWatchThread()

    private let epoll: Int32
    private let registrations = Mutex<[UInt64: Registration]>([:])
    private let nextNumber = Atomic<UInt64>(1)

    private init() {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { return }
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<DescriptorWatchThread>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<DescriptorWatchThread>.fromOpaque(context).release()
        }
    }

    /// Watches `descriptor` for `events` (`EPOLLIN`, `EPOLLOUT`) until ``unwatch(_:)``.
    ///
    /// The handler is called once per readiness; ``rearm(_:)`` asks for the next one. Returns
    /// nil when the kernel refuses (out of descriptors or of epoll watches).
    func watch(_ descriptor: Int32, events: UInt32, handler: @escaping Handler) -> Token? {
        guard epoll >= 0 else { return nil }
        let own = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard own >= 0 else { return nil }
        let number = nextNumber.add(1, ordering: .relaxed).oldValue
        return registrations.withLock { registrations in
            registrations[number] = Registration(descriptor: own, events: events, handler: handler)
            guard control(EPOLL_CTL_ADD, own, events, number) == 0 else {
                registrations[number] = nil
                Glibc.close(own)
                return nil
            }
            return Token(number: number)
        }
    }

    /// Asks for the next readiness of a watch whose handler was called.
    func rearm(_ token: Token) {
        registrations.withLock { registrations in
            guard let registration = registrations[token.number] else { return }
            _ = control(EPOLL_CTL_MOD, registration.descriptor, registration.events, token.number)
        }
    }

    /// Stops a watch and closes its duplicate; its handler is not called after this returns.
    func unwatch(_ token: Token) {
        registrations.withLock { registrations in
            guard let registration = registrations.removeValue(forKey: token.number) else { return }
            _ = control(EPOLL_CTL_DEL, registration.descriptor, 0, token.number)
            Glibc.close(registration.descriptor)
        }
    }

    private func control(_ operation: Int32, _ descriptor: Int32, _ events: UInt32, _ number: UInt64) -> Int32 {
        var event = epoll_event()
        event.events = events | EPOLLONESHOT.rawValue
        event.data.u64 = number
        return epoll_ctl(epoll, operation, descriptor, &event)
    }

    /// The thread's loop: it takes no signal (they belong to the process's own handlers) and
    /// never returns.
    private func run() {
        var blocked = sigset_t()
        sigfillset(&blocked)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        _ = cepoll_name_this_thread("dbus-watches")
        let capacity = 32
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        defer { events.deallocate() }
        while true {
            let count = epoll_wait(epoll, events, Int32(capacity), -1)
            guard count >= 0 else {
                if errno == EINTR { continue }
                return
            }
            for index in 0..<Int(count) {
                let event = events[index]
                let number = event.data.u64
                let handler = registrations.withLock { $0[number]?.handler }
                handler?(Token(number: number), event.events)
            }
        }
    }
}
