import Foundation
import NotificationAgentClient
@testable import UserNotifications
@testable import NotificationAgent

/// The seeds of the three store-file targets, each file written by its store (or, for an
/// empty document, by the ``DocumentFile`` the store writes through): every format version
/// this code writes, every field set and every optional one missing, each enumeration value,
/// each trigger and sound kind. The damaged and newer files beside them are hand-written.
struct StoreSeeds {
    /// The corpus root, `fuzz/corpus`.
    let root: URL
    /// The app the targets look up (`fuzz-categories-file` reads this app's categories).
    let app: String

    func writeAll(
        settings: AppSettings, request: DeliveryRequest, triggers: [TriggerRecord], categories: [CategoryRecord]
    ) throws {
        try writeSettings(settings)
        try writePending(request, triggers: triggers)
        try writeCategories(categories)
    }

    // MARK: settings.json

    private func writeSettings(_ settings: AppSettings) throws {
        try seed("fuzz-settings-file", "two-apps", "settings.json") { stores in
            try SettingsStore(directory: stores).update(app) { $0 = settings }
            try SettingsStore(directory: stores).update("org.example.other") { $0.authorization = .denied }
        }
        // Every field away from its default.
        try seed("fuzz-settings-file", "every-field", "settings.json") { stores in
            try SettingsStore(directory: stores).update(app) { all in
                all.authorization = .provisional
                all.requestedOptions = AuthorizationOptionBits(rawValue: 0x7F)
                (all.alert, all.sound, all.badge) = (.enabled, .disabled, .enabled)
                (all.notificationCenter, all.lockScreen) = (.disabled, .enabled)
                (all.criticalAlert, all.timeSensitive) = (.enabled, .disabled)
                all.alertStyle = .banner
                all.showPreviews = .whenAuthenticated
            }
        }
        // Each value of each enumeration, one app per value.
        try seed("fuzz-settings-file", "every-value", "settings.json") { stores in
            for index in 0..<AppSettings.Authorization.allCases.count {
                try SettingsStore(directory: stores).update("org.example.app\(index)") { one in
                    one.authorization = AppSettings.Authorization.allCases[index]
                    let value = AppSettings.Switch.allCases[index % AppSettings.Switch.allCases.count]
                    (one.alert, one.sound, one.badge, one.notificationCenter) = (value, value, value, value)
                    (one.lockScreen, one.criticalAlert, one.timeSensitive) = (value, value, value)
                    one.alertStyle = AppSettings.AlertStyle.allCases[index % AppSettings.AlertStyle.allCases.count]
                    one.showPreviews = AppSettings.Previews.allCases[index % AppSettings.Previews.allCases.count]
                    one.requestedOptions = AuthorizationOptionBits(rawValue: UInt(index))
                }
            }
        }
        // The last app reset: a file with no apps.
        try seed("fuzz-settings-file", "no-apps", "settings.json") { stores in
            try SettingsStore(directory: stores).update(app) { $0.authorization = .authorized }
            try SettingsStore(directory: stores).reset(app)
        }
    }

    // MARK: pending.json

    private func writePending(_ request: DeliveryRequest, triggers: [TriggerRecord]) throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let utc = TimeZone(identifier: "UTC") ?? .current
        func pending(_ request: DeliveryRequest, _ trigger: TriggerRecord, app: String? = nil) throws
            -> PendingNotification
        {
            try PendingNotification(
                app: app ?? self.app, request: request, trigger: ScheduledTrigger(trigger), addedAt: now,
                calendarTimeZone: utc)
        }
        func numbered(_ index: Int, _ trigger: TriggerRecord) throws -> PendingNotification {
            var copy = request
            copy.identifier = "pending-\(index)"
            return try pending(copy, trigger)
        }
        try seed("fuzz-pending-file", "interval-and-calendar", "pending.json") { stores in
            try PendingStore(directory: stores).save(try triggers.enumerated().map { try numbered($0, $1) })
        }
        // Each trigger kind, once and repeating; a calendar match with every field and a zone
        // of its own, and one that floats in the agent's zone.
        let everyTrigger: [TriggerRecord] = [
            .timeInterval(seconds: 0.5, repeats: false),
            .timeInterval(seconds: 3600, repeats: true),
            .calendar(
                .init(year: 2030, month: 6, day: 15, hour: 9, minute: 45, second: 30, timeZone: "Europe/Paris"),
                repeats: false),
            .calendar(.init(minute: 0), repeats: true),
            .calendar(.init(hour: 7, weekday: 2), repeats: true),
        ]
        try seed("fuzz-pending-file", "every-trigger", "pending.json") { stores in
            try PendingStore(directory: stores).save(try everyTrigger.enumerated().map { try numbered($0, $1) })
        }
        // Each sound kind and interruption level, the fields only some requests set, and a
        // request with nothing but an identifier and a title (every optional field missing).
        let sounds: [DeliveryRequest.Sound?] = [
            nil, .default, .named("bell"), .critical(name: nil, volume: 1), .critical(name: "siren", volume: 0.25),
        ]
        let requests = sounds.enumerated().map { index, sound in
            var one = DeliveryRequest(identifier: "request-\(index)", title: "Title \(index)", sound: sound)
            one.interruptionLevel =
                DeliveryRequest.InterruptionLevel.allCases[index % DeliveryRequest.InterruptionLevel.allCases.count]
            guard index == sounds.count - 1 else { return one }
            (one.appIcon, one.expireTimeout, one.isTransient, one.isPush) = ("dialog-information", 0, true, true)
            (one.progress, one.userInfoJSON) = (100, #"{"nested":{"a":[1,2.5,null,true]}}"#)
            (one.subtitle, one.body, one.badge) = ("Subtitle", "Body", 0)
            (one.categoryIdentifier, one.threadIdentifier, one.imagePath) = ("invite", "thread", "/tmp/i.png")
            return one
        }
        try seed("fuzz-pending-file", "every-request-field", "pending.json") { stores in
            try PendingStore(directory: stores).save(
                try requests.map { try pending($0, .timeInterval(seconds: 60, repeats: false)) })
        }
        // Some being fired when the agent stopped, from two apps; and a file with nothing.
        try seed("fuzz-pending-file", "pending-and-firing", "pending.json") { stores in
            let firing = try [self.app, "org.example.other"].map {
                try pending(request, .timeInterval(seconds: 1, repeats: false), app: $0)
            }
            try PendingStore(directory: stores).save(
                try [numbered(9, .timeInterval(seconds: 60, repeats: true))], firing: firing)
        }
        try seed("fuzz-pending-file", "empty", "pending.json") { stores in
            try PendingStore(directory: stores).save([])
        }
    }

    // MARK: categories.json

    private func writeCategories(_ categories: [CategoryRecord]) throws {
        try seed("fuzz-categories-file", "one-app", "categories.json") { stores in
            try CategoryStore(directory: stores).set(categories, for: app)
        }
        // Every option of each level; an action with no option, one with text input; a
        // category with neither actions nor options; another app's too.
        let every = [
            CategoryRecord(
                identifier: "every-option",
                actions: CategoryRecord.actionOptions.sorted().map {
                    CategoryRecord.Action(identifier: $0, title: $0.capitalized, options: [$0])
                } + [
                    CategoryRecord.Action(identifier: "plain", title: "Plain"),
                    CategoryRecord.Action(
                        identifier: "reply", title: "Reply", options: CategoryRecord.actionOptions.sorted(),
                        textInput: .init(buttonTitle: "", placeholder: "")),
                ],
                options: CategoryRecord.categoryOptions.sorted()),
            CategoryRecord(identifier: "bare", actions: []),
        ]
        try seed("fuzz-categories-file", "every-option", "categories.json") { stores in
            try CategoryStore(directory: stores).set(every, for: app)
            try CategoryStore(directory: stores).set(categories, for: "org.example.other")
        }
        // The app's categories set, then cleared: a file with no apps.
        try seed("fuzz-categories-file", "no-apps", "categories.json") { stores in
            try CategoryStore(directory: stores).set(categories, for: app)
            try CategoryStore(directory: stores).set([], for: app)
        }
    }

    // MARK: Writing

    /// Lets `fill` write the store file `file` in a new directory, and keeps it as the seed
    /// `name` of `target`.
    private func seed(_ target: String, _ name: String, _ file: String, _ fill: (URL) throws -> Void) throws {
        let stores = FileManager.default.temporaryDirectory.appendingPathComponent(
            "unotify-fuzz-seeds-\(getpid())-\(target)-\(name)")
        defer { try? FileManager.default.removeItem(at: stores) }
        try fill(stores)
        let directory = root.appendingPathComponent(target)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(contentsOf: stores.appendingPathComponent(file)).write(to: directory.appendingPathComponent(name))
    }
}
