import CDBus
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// libdbus's main-loop integration: watches become `DispatchSource`s, timeouts become timers,
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

    /// Each source watches its own duplicate of the watch's descriptor, closed by the source's
    /// cancellation handler. libdbus closes its socket right after it removes a watch, while
    /// libdispatch takes a cancelled source off its event loop later, on its own thread; a
    /// descriptor closed before that, and reused meanwhile by another connection, is what
    /// libdispatch requires never to happen (a test process crashed once inside
    /// `_dispatch_source_refs_finalize_unregistration`). A descriptor that cannot be
    /// duplicated is watched as it is.
    private func watchChanged(_ watch: OpaquePointer) {
        removeWatch(watch)
        guard dbus_watch_get_enabled(watch) != 0 else { return }
        let descriptor = dbus_watch_get_unix_fd(watch)
        let flags = dbus_watch_get_flags(watch)
        var sources: [any DispatchSourceProtocol] = []
        if flags & DBUS_WATCH_READABLE.rawValue != 0 {
            let own = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
            let source = DispatchSource.makeReadSource(fileDescriptor: own >= 0 ? own : descriptor, queue: queue)
            source.setEventHandler { [self] in handleWatch(watch, DBUS_WATCH_READABLE.rawValue) }
            if own >= 0 { source.setCancelHandler { Glibc.close(own) } }
            sources.append(source)
        }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 {
            let own = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
            let source = DispatchSource.makeWriteSource(fileDescriptor: own >= 0 ? own : descriptor, queue: queue)
            source.setEventHandler { [self] in handleWatch(watch, DBUS_WATCH_WRITABLE.rawValue) }
            if own >= 0 { source.setCancelHandler { Glibc.close(own) } }
            sources.append(source)
        }
        watchSources[watch] = sources
        sources.forEach { $0.resume() }
    }

    private func removeWatch(_ watch: OpaquePointer) {
        watchSources.removeValue(forKey: watch)?.forEach { $0.cancel() }
    }

    private func handleWatch(_ watch: OpaquePointer, _ flags: UInt32) {
        guard watchSources[watch] != nil else { return }
        dbus_watch_handle(watch, flags)
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
