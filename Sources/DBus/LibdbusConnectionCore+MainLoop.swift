import CDBus
import CEpoll
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// libdbus's main-loop integration: watches go to ``DescriptorWatchThread``, timeouts become timers,
/// and dispatch-status changes schedule a drain, all on the connection's queue.
extension LibdbusConnectionCore {
    func installMainLoopHooks(_ connection: OpaquePointer) {
        dbus_connection_set_watch_functions(
            connection,
            { watch, data in
                guard let watch, let data else { return 0 }
                LibdbusConnectionCore.from(data).watchChanged(watch)
                return 1
            },
            { watch, data in
                guard let watch, let data else { return }
                LibdbusConnectionCore.from(data).removeWatch(watch)
            },
            { watch, data in
                guard let watch, let data else { return }
                LibdbusConnectionCore.from(data).watchChanged(watch)
            },
            retainedSelf(), LibdbusConnectionCore.release)
        dbus_connection_set_timeout_functions(
            connection,
            { timeout, data in
                guard let timeout, let data else { return 0 }
                LibdbusConnectionCore.from(data).timeoutChanged(timeout)
                return 1
            },
            { timeout, data in
                guard let timeout, let data else { return }
                LibdbusConnectionCore.from(data).removeTimeout(timeout)
            },
            { timeout, data in
                guard let timeout, let data else { return }
                LibdbusConnectionCore.from(data).timeoutChanged(timeout)
            },
            retainedSelf(), LibdbusConnectionCore.release)
        dbus_connection_set_dispatch_status_function(
            connection,
            { _, status, data in
                guard let data, status == DBUS_DISPATCH_DATA_REMAINS else { return }
                LibdbusConnectionCore.from(data).scheduleDrain()
            },
            retainedSelf(), LibdbusConnectionCore.release)
        dbus_connection_add_filter(
            connection,
            { _, message, data in
                guard let message, let data else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
                return LibdbusConnectionCore.from(data).filter(message)
            },
            retainedSelf(), LibdbusConnectionCore.release)
        if dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS { scheduleDrain() }
    }

    private func retainedSelf() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    static let release: DBusFreeFunction = { data in
        guard let data else { return }
        Unmanaged<LibdbusConnectionCore>.fromOpaque(data).release()
    }

    static func from(_ data: UnsafeMutableRawPointer) -> LibdbusConnectionCore {
        Unmanaged<LibdbusConnectionCore>.fromOpaque(data).takeUnretainedValue()
    }

    /// Watches an enabled watch's socket on ``DescriptorWatchThread`` (libdispatch's sources lose
    /// a hang-up's unread data; see there). Each readiness is handled on the queue, and the watch
    /// is armed again unless libdbus changed or removed it meanwhile.
    private func watchChanged(_ watch: OpaquePointer) {
        removeWatch(watch)
        guard dbus_watch_get_enabled(watch) != 0 else { return }
        let flags = dbus_watch_get_flags(watch)
        var events: UInt32 = 0
        if flags & DBUS_WATCH_READABLE.rawValue != 0 { events |= EPOLLIN.rawValue }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { events |= EPOLLOUT.rawValue }
        // The address, not the pointer (which is not Sendable); it is used on the queue only.
        let address = Int(bitPattern: watch)
        let token = DescriptorWatchThread.shared.watch(dbus_watch_get_unix_fd(watch), events: events) {
            [self] token, ready in
            queue.async { [self] in
                guard let watch = OpaquePointer(bitPattern: address) else { return }
                handleWatch(watch, token, ready)
            }
        }
        watchTokens[watch] = token
    }

    private func removeWatch(_ watch: OpaquePointer) {
        guard let token = watchTokens.removeValue(forKey: watch) else { return }
        DescriptorWatchThread.shared.unwatch(token)
    }

    private func handleWatch(_ watch: OpaquePointer, _ token: DescriptorWatchThread.Token, _ ready: UInt32) {
        guard watchTokens[watch] == token else { return }
        var flags: UInt32 = 0
        if ready & EPOLLIN.rawValue != 0 { flags |= DBUS_WATCH_READABLE.rawValue }
        if ready & EPOLLOUT.rawValue != 0 { flags |= DBUS_WATCH_WRITABLE.rawValue }
        if ready & EPOLLHUP.rawValue != 0 { flags |= DBUS_WATCH_HANGUP.rawValue }
        if ready & EPOLLERR.rawValue != 0 { flags |= DBUS_WATCH_ERROR.rawValue }
        dbus_watch_handle(watch, flags)
        if watchTokens[watch] == token { DescriptorWatchThread.shared.rearm(token) }
        drain()
    }

    private func timeoutChanged(_ timeout: OpaquePointer) {
        removeTimeout(timeout)
        guard dbus_timeout_get_enabled(timeout) != 0 else { return }
        let interval = DispatchTimeInterval.milliseconds(Int(dbus_timeout_get_interval(timeout)))
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [self] in
            guard timeoutTimers[timeout] != nil else { return }
            dbus_timeout_handle(timeout)
            drain()
        }
        timeoutTimers[timeout] = timer
        timer.resume()
    }

    private func removeTimeout(_ timeout: OpaquePointer) {
        timeoutTimers.removeValue(forKey: timeout)?.cancel()
    }
}
