import DBus
import DesktopIntegration
import Foundation
import NotificationAgentClient

/// Xfce's per-app notification setting: xfce4-notifyd's list of muted applications, the string
/// array `/applications/muted_applications` of xfconf channel `xfce4-notifyd` (Xfce Settings ›
/// Notifications › Applications), read and written through xfconfd's D-Bus interface,
/// `org.xfce.Xfconf` (``Xfconf``: `GetProperty`, `SetProperty`). A name in the list is an app whose
/// notifications xfce4-notifyd logs without a popup: the app's alert (``XfceMutedRule``).
///
/// The list is read once when the store starts and kept up to date from xfconfd's own
/// `PropertyChanged` / `PropertyRemoved` signals: a change made in Xfce's settings or with
/// `xfconf-query` counts for the next decision, with no polling. The names are the `app_name`
/// the agent sends (``AppDisplayName``): xfce4-notifyd mutes by it.
package final class XfceNotificationSettings: DesktopAppSettingsStore, @unchecked Sendable {
    static let channel = "xfce4-notifyd"
    static let property = "/applications/muted_applications"

    package let place = "Xfce Settings › Notifications › Applications"
    /// The prompt names Xfce's notification settings (`place.xfce`).
    package let placeKey = "place.xfce"

    private let xfconf: Xfconf
    private let appName: @Sendable (String) -> String
    private let lock = NSLock()
    /// The list as xfconfd last said it, in its order; under `lock`.
    private var muted: [String] = []
    private var watch: Task<Void, Never>?

    /// Starts following the list on `connection` (the signals first, then the value, so that no
    /// change falls between them).
    ///
    /// - Throws: when xfconfd cannot be read (not running: then the agent's own store counts).
    package init(
        connection: DBusConnection,
        appName: @escaping @Sendable (String) -> String = { AppDisplayName.name(for: $0) }
    ) async throws {
        xfconf = Xfconf(connection: connection)
        self.appName = appName
        let changes = try await xfconf.changes(in: Self.channel)
        let initial = try await Self.names(in: xfconf.value(of: Self.property, in: Self.channel, timeout: .seconds(5)))
        lock.withLock { muted = initial }
        watch = Task { [weak self] in
            do {
                for try await signal in changes { self?.follow(signal) }
            } catch {}
        }
    }

    deinit { watch?.cancel() }

    package func applying(to settings: AppSettings, app: String) throws -> AppSettings {
        let name = appName(app)
        return XfceMutedRule.applying(muted: lock.withLock { muted.contains(name) }, to: settings)
    }

    /// Adds or removes the app's name (``XfceMutedRule/muted(after:)``) with `SetProperty`, only
    /// when that changes the list; every other name stays, in its order. The whole list is
    /// written as the user's, also when it ends empty (never reset with `ResetProperty`, which
    /// would let an administrator's list in a system channel count again); a list the
    /// administrator locked refuses the change (``AdministratorLockError``).
    package func write(_ settings: AppSettings, app: String) throws {
        guard let shouldMute = XfceMutedRule.muted(after: settings) else { return }
        let name = appName(app)
        let current = lock.withLock { muted }
        guard current.contains(name) != shouldMute else { return }
        let updated = shouldMute ? current + [name] : current.filter { $0 != name }
        let value = DBusValue.array(element: .variant, updated.map { .variant(.string($0)) })
        do {
            try xfconf.setBlocking(Self.property, in: Self.channel, to: value, timeout: .seconds(5))
        } catch  where Xfconf.isLockRefusal(error) {
            throw AdministratorLockError(
                setting: "Xfce's muted applications (\(Self.property) of channel \(Self.channel))",
                lock: "locked in a system channel file, xfce4/xfconf/xfce-perchannel-xml/\(Self.channel).xml "
                    + "in XDG_CONFIG_DIRS")
        } catch {
            throw XfceSettingsError("Xfce's muted applications could not be written (xfconfd): \(error)")
        }
        lock.withLock { muted = updated }
    }

    /// A `PropertyChanged(channel, property, value)` or `PropertyRemoved(channel, property)` of the list.
    private func follow(_ signal: DBusMessage) {
        guard signal.body.count >= 2, case .string(Self.property) = signal.body[1] else { return }
        switch signal.member?.rawValue {
        case "PropertyChanged":
            guard signal.body.count == 3, case .variant(let value) = signal.body[2] else { return }
            let names = Self.names(in: value)
            lock.withLock { muted = names }
        case "PropertyRemoved":
            lock.withLock { muted = [] }
        default:
            break
        }
    }

    /// The strings of xfconf's array (`av` of strings; `as` accepted too); anything else, or a
    /// list never set, is none.
    static func names(in value: DBusValue?) -> [String] {
        guard case .array(_, let items) = value else { return [] }
        return items.compactMap { item in
            switch item {
            case .variant(.string(let name)), .string(let name): name
            default: nil
            }
        }
    }
}
