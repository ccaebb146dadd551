import ArgumentParser
import DBus
import NotificationAgentClient

/// `unotify settings`: the Settings app's role — see and change what each app may do.
struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "List apps' notification settings, or change one app's.",
        discussion: """
            unotify settings                 every app with its status and switches
            unotify settings ID              one app
            unotify settings ID allow        authorize (alerts, sounds, badges, list, lock screen on)
            unotify settings ID deny         deny: nothing from this app is shown
            unotify settings ID reset        forget: the next request asks again

            Switches apply after the action: unotify settings ID --sound off --alert-style alert
            """)

    @Argument(help: "The app's identifier.")
    var app: String?

    @Argument(help: "allow, deny or reset.", completion: .list(["allow", "deny", "reset"]))
    var action: String?

    @Option(help: "Banners and popups: on or off.", completion: .list(AppOptionParsing.switchNames)) var alert: String?
    @Option(help: "Sounds: on or off.", completion: .list(AppOptionParsing.switchNames)) var sound: String?
    @Option(help: "Badges on the app's icon: on or off.", completion: .list(AppOptionParsing.switchNames)) var badge:
        String?
    @Option(
        name: .customLong("notification-center"), help: "Keeping notifications in the list: on or off.",
        completion: .list(AppOptionParsing.switchNames))
    var notificationCenter: String?
    @Option(
        name: .customLong("lock-screen"), help: "Showing on the lock screen: on or off.",
        completion: .list(AppOptionParsing.switchNames)) var lockScreen: String?
    @Option(
        name: .customLong("critical-alert"), help: "Critical alerts: on or off.",
        completion: .list(AppOptionParsing.switchNames)) var criticalAlert: String?
    @Option(
        name: .customLong("alert-style"), help: "none, banner or alert.",
        completion: .list(AppOptionParsing.alertStyleNames)) var alertStyle: String?
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let client = try await AgentClientConnection.open()
        do {
            guard let app else {
                try printAll(try await client.listApps())
                return
            }
            var settings = try await applyAction(client, app)
            let changes = try switchChanges()
            if !changes.isEmpty { settings = try await client.setSettings(app: app, changes: changes) }
            printOne(app, settings, place: await Self.place(of: app, client))
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }

    private func applyAction(_ client: AgentClient, _ app: String) async throws -> AppSettings {
        switch action?.lowercased() {
        case nil:
            return try await client.settings(app: app)
        case "allow":
            var allowed = AppSettings()
            allowed.authorization = .authorized
            allowed.requestedOptions = [.alert, .sound, .badge]
            (allowed.alert, allowed.sound, allowed.badge) = (.enabled, .enabled, .enabled)
            (allowed.notificationCenter, allowed.lockScreen, allowed.alertStyle) = (.enabled, .enabled, .banner)
            return try await client.setSettings(app: app, changes: allowed.wire)
        case "deny":
            var denied = AppSettings()
            denied.authorization = .denied
            (denied.alert, denied.sound, denied.badge) = (.disabled, .disabled, .disabled)
            (denied.notificationCenter, denied.lockScreen) = (.disabled, .disabled)
            return try await client.setSettings(app: app, changes: denied.wire)
        case "reset":
            try await client.resetSettings(app: app)
            return try await client.settings(app: app)
        case let other?:
            throw CommandFailure(
                "unotify: unknown settings action \(AgentError.quote(other)); use allow, deny or reset")
        }
    }

    private func switchChanges() throws -> [String: DBusVariant] {
        var changes: [String: DBusVariant] = [:]
        let switches: [(String, String?)] = [
            ("alert", alert), ("sound", sound), ("badge", badge), ("notification-center", notificationCenter),
            ("lock-screen", lockScreen), ("critical-alert", criticalAlert),
        ]
        for (name, value) in switches {
            guard let value else { continue }
            changes[name] = DBusVariant(Int32(try AppOptionParsing.onOff(value, option: name).rawValue))
        }
        if let alertStyle {
            changes["alert-style"] = DBusVariant(Int32(try AppOptionParsing.alertStyle(alertStyle).rawValue))
        }
        return changes
    }

    private func printAll(_ apps: [String: AppSettings]) throws {
        if json {
            StandardOutput.write(JSONText.object(apps.keys.sorted().map { ($0, Self.json(apps[$0] ?? AppSettings())) }))
            return
        }
        guard !apps.isEmpty else {
            StandardError.write("no app has asked for notifications yet")
            return
        }
        StandardOutput.write("APP\tSTATUS\tALERT\tSOUND\tBADGE\tLIST\tLOCK\tSTYLE")
        for app in apps.keys.sorted() {
            let s = apps[app] ?? AppSettings()
            StandardOutput.write(
                [app, AppOptionParsing.statusName(s.authorization)].joined(separator: "\t") + "\t"
                    + [s.alert, s.sound, s.badge, s.notificationCenter, s.lockScreen].map(AppOptionParsing.switchName)
                    .joined(separator: "\t") + "\t" + AppOptionParsing.styleName(s.alertStyle))
        }
    }

    /// Where the app's settings live on the running desktop, as the agent knows it (`GetDesktop`):
    /// the desktop's own settings, or this command; `nil` from an agent that cannot say.
    private static func place(of app: String, _ client: AgentClient) async -> String? {
        // try?: an agent without the desktop's place prints none; the settings above are printed anyway
        guard let place = try? await client.desktop().settingsPlace else { return nil }
        return place.isEmpty ? "unotify settings \(app)" : place
    }

    private func printOne(_ app: String, _ s: AppSettings, place: String?) {
        if json {
            StandardOutput.write(
                JSONText.object(
                    [("app", JSONText.string(app))] + Self.members(s)
                        + (place.map { [("settingsPlace", JSONText.string($0))] } ?? [])))
            return
        }
        StandardOutput.write(
            """
            app: \(app)
            status: \(AppOptionParsing.statusName(s.authorization))
            alert: \(AppOptionParsing.switchName(s.alert))
            sound: \(AppOptionParsing.switchName(s.sound))
            badge: \(AppOptionParsing.switchName(s.badge))
            notification center: \(AppOptionParsing.switchName(s.notificationCenter))
            lock screen: \(AppOptionParsing.switchName(s.lockScreen))
            critical alert: \(AppOptionParsing.switchName(s.criticalAlert))
            alert style: \(AppOptionParsing.styleName(s.alertStyle))
            """ + (place.map { "\nsettings live in: \($0)" } ?? ""))
    }

    private static func json(_ s: AppSettings) -> String { JSONText.object(members(s)) }

    private static func members(_ s: AppSettings) -> [(String, String)] {
        [
            ("status", JSONText.string(AppOptionParsing.statusName(s.authorization))),
            ("alert", JSONText.string(AppOptionParsing.switchName(s.alert))),
            ("sound", JSONText.string(AppOptionParsing.switchName(s.sound))),
            ("badge", JSONText.string(AppOptionParsing.switchName(s.badge))),
            ("notificationCenter", JSONText.string(AppOptionParsing.switchName(s.notificationCenter))),
            ("lockScreen", JSONText.string(AppOptionParsing.switchName(s.lockScreen))),
            ("criticalAlert", JSONText.string(AppOptionParsing.switchName(s.criticalAlert))),
            ("alertStyle", JSONText.string(AppOptionParsing.styleName(s.alertStyle))),
        ]
    }
}
