import DBus
import Dispatch
import Foundation

/// Every ``TimeChange`` of the machine, as one stream: steps of the wall clock
/// (``WallClockStepWatch``), replacements of the time-zone file (``TimeZoneFileWatch``) and wakes
/// from suspend (``SleepResumeWatch``). Nothing wakes the process while none happens.
///
/// Why the agent needs it: `Task.sleep(for:)` waits on `ContinuousClock`, which on Linux is
/// `CLOCK_BOOTTIME` (measured here: in a time namespace whose boot-time clock is a day ahead of
/// its monotonic clock, `ContinuousClock.now` reads the boot-time clock, and the Dispatch timer
/// behind the sleep is a `CLOCK_BOOTTIME` timerfd). It counts time spent suspended, so a
/// sleep ends on time across a suspend, but no monotonic clock sees the wall clock being set
/// or the zone changing: a wait measured from a wall-clock date must be measured again then.
package enum TimeChangeMonitor {
    /// Starts watching; the watches are in place when this returns, and stop when the stream's
    /// iteration ends.
    ///
    /// - Parameters:
    ///   - timeZoneFile: the file to watch for zone changes (`nil`: none), by default
    ///     `/etc/localtime` or the file `TZ` names.
    ///   - systemBus: the bus where logind announces sleeps (`nil`: none); no bus there is no error.
    /// - Throws: ``TimeChangeError`` when the kernel refuses the timer or the inotify watch.
    package static func changes(
        timeZoneFile: String? = systemTimeZoneFile(),
        systemBus: String? = systemBusAddress()
    ) async throws -> AsyncStream<TimeChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: TimeChange.self)
        let queue = DispatchQueue(label: "unotify.time-changes")
        let clock = try WallClockStepWatch(queue: queue) { continuation.yield(.wallClockStepped) }
        let zone: TimeZoneFileWatch?
        do {
            zone = try timeZoneFile.map {
                try TimeZoneFileWatch(path: $0, queue: queue) { continuation.yield(.timeZoneChanged($0)) }
            }
        } catch {
            clock.cancel()
            throw error
        }
        var wakes: AsyncThrowingStream<DBusMessage, any Error>?
        if let systemBus { wakes = await SleepResumeWatch.wakes(address: systemBus) }
        let sleeps = Task {
            guard let wakes else { return }
            do {
                for try await message in wakes where SleepResumeWatch.isWake(message) {
                    continuation.yield(.resumedFromSleep)
                }
            } catch {}
        }
        continuation.onTermination = { _ in
            clock.cancel()
            zone?.cancel()
            sleeps.cancel()
        }
        return stream
    }

    /// The file that defines the local zone: the path in `TZ` (`:/path` or `/path`),
    /// `/etc/localtime` when `TZ` is unset or empty, `nil` when `TZ` names a zone itself (no
    /// file can change it then).
    package static func systemTimeZoneFile(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String?
    {
        guard let zone = environment["TZ"], !zone.isEmpty else { return "/etc/localtime" }
        let path = zone.hasPrefix(":") ? String(zone.dropFirst()) : zone
        return path.hasPrefix("/") ? path : nil
    }

    /// The system bus: `DBUS_SYSTEM_BUS_ADDRESS`, else the standard socket.
    package static func systemBusAddress(environment: [String: String] = ProcessInfo.processInfo.environment) -> String
    {
        environment["DBUS_SYSTEM_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "unix:path=/var/run/dbus/system_bus_socket"
    }
}
