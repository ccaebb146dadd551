import FreedesktopNotifications
import Testing
@testable import UserNotifications
@testable import NotificationAgent

/// Do-not-disturb followed as Apple's Focus, row by row: interruption level × do-not-disturb ×
/// the app's time-sensitive setting → a popup the server lets through (not held back by its own
/// switch) and a sound.
@Suite struct MappingDoNotDisturbTests {
    struct Row: Sendable, CustomStringConvertible {
        let level: DeliveryRequest.InterruptionLevel
        let doNotDisturb: Bool
        let timeSensitive: AppSettings.Switch
        let popup: Bool
        let sound: Bool
        var description: String { "\(level) dnd=\(doNotDisturb) timeSensitive=\(timeSensitive)" }
    }

    static let rows: [Row] = [
        Row(level: .passive, doNotDisturb: false, timeSensitive: .enabled, popup: true, sound: true),
        Row(level: .active, doNotDisturb: false, timeSensitive: .enabled, popup: true, sound: true),
        Row(level: .timeSensitive, doNotDisturb: false, timeSensitive: .disabled, popup: true, sound: true),
        Row(level: .critical, doNotDisturb: false, timeSensitive: .disabled, popup: true, sound: true),
        Row(level: .passive, doNotDisturb: true, timeSensitive: .enabled, popup: false, sound: false),
        Row(level: .active, doNotDisturb: true, timeSensitive: .enabled, popup: false, sound: false),
        Row(level: .timeSensitive, doNotDisturb: true, timeSensitive: .enabled, popup: true, sound: true),
        Row(level: .timeSensitive, doNotDisturb: true, timeSensitive: .disabled, popup: false, sound: false),
        Row(level: .timeSensitive, doNotDisturb: true, timeSensitive: .notSupported, popup: false, sound: false),
        Row(level: .critical, doNotDisturb: true, timeSensitive: .disabled, popup: true, sound: true),
    ]

    @Test(arguments: rows)
    func theLevelDecidesWhatBreaksThrough(_ row: Row) {
        var settings = AppSettings.authorized(requesting: [.alert, .sound, .badge, .timeSensitive])
        settings.timeSensitive = row.timeSensitive
        let request = DeliveryRequest(
            identifier: "a", title: "Tea", sound: .default, interruptionLevel: row.level)
        var plan = PresentationMapping.plan(
            request, settings: settings, capabilities: ServerCapabilities(["actions", "body"]), appName: "Tea",
            desktopEntry: nil)
        if row.doNotDisturb { PresentationMapping.applyDoNotDisturb(row.level, settings: settings, to: &plan) }
        #expect((plan.soundToPlay != nil) == row.sound)
        #expect(plan.notify.hints.suppressSound == true, "the agent plays it, or nobody does")
        // Under do-not-disturb, the servers let a critical notification through and hold back
        // the rest; without it, a passive one is low (history only), as ever.
        if row.doNotDisturb {
            #expect((plan.notify.hints.urgency == .critical) == row.popup)
        } else {
            #expect(plan.notify.hints.urgency != .low || row.level == .passive)
        }
    }

    @Test func aBreakthroughTheAppMayNotShowAsABannerStaysQuietInLook() {
        var settings = AppSettings.authorized(requesting: [.sound])
        settings.alert = .disabled
        var plan = PresentationMapping.plan(
            DeliveryRequest(identifier: "a", title: "Tea", sound: .default, interruptionLevel: .critical),
            settings: settings, capabilities: ServerCapabilities(["body"]), appName: "Tea", desktopEntry: nil)
        PresentationMapping.applyDoNotDisturb(.critical, settings: settings, to: &plan)
        #expect(plan.notify.hints.urgency == .low, "no banner allowed: never raised to critical")
        #expect(plan.soundToPlay != nil)
    }

    /// mate-notification-daemon plays the sound hint it is sent, but under its do-not-disturb it
    /// drops every notification with its sound, critical ones too (measured on 1.26): there the
    /// switch is read for a critical one with a sound, and unotifyd plays that sound itself; an
    /// active one still goes without.
    @Test func whereTheServerIsSilentUnotifydPlaysTheBreakthroughsSound() {
        let settings = AppSettings.authorized(requesting: [.alert, .sound])
        for (level, heard) in [(DeliveryRequest.InterruptionLevel.critical, true), (.active, false)] {
            var plan = PresentationMapping.plan(
                DeliveryRequest(identifier: "a", title: "Tea", sound: .default, interruptionLevel: level),
                settings: settings, capabilities: ServerCapabilities(["actions", "body", "sound"]), appName: "Tea",
                desktopEntry: nil, serverPlaysSoundHints: true)
            #expect(plan.soundToPlay == nil && plan.notify.hints.soundName != nil, "the server plays it: \(level)")
            #expect(PresentationMapping.doNotDisturbMatters(level, settings: settings, plan: plan, serverSilent: true))
            PresentationMapping.applyDoNotDisturb(
                level, settings: settings, serverSilent: true, sound: .default, to: &plan)
            #expect((plan.soundToPlay == .default) == heard, "\(level)")
            #expect(plan.notify.hints.soundName == nil && plan.notify.hints.suppressSound == true, "\(level)")
        }
        // Where the server plays the critical one's sound under it, it still does.
        var plan = PresentationMapping.plan(
            DeliveryRequest(identifier: "a", title: "Tea", sound: .default, interruptionLevel: .critical),
            settings: settings, capabilities: ServerCapabilities(["actions", "body", "sound"]), appName: "Tea",
            desktopEntry: nil, serverPlaysSoundHints: true)
        PresentationMapping.applyDoNotDisturb(.critical, settings: settings, sound: .default, to: &plan)
        #expect(plan.soundToPlay == nil && plan.notify.hints.soundName != nil)
    }

    /// The agent reads the switch only where it can change the plan: wherever
    /// `doNotDisturbMatters` says no, following do-not-disturb changes nothing (but for
    /// `suppress-sound` on a silent notification); wherever it says yes, it changes something.
    /// On a server that plays sound hints, and one that is also silent under its switch (mate).
    @Test(arguments: [(false, false), (true, false), (true, true)])
    func theSwitchIsReadOnlyWhereItCanChangeThePlan(_ serverPlays: Bool, _ serverSilent: Bool) {
        var checked = (matters: 0, not: 0)
        for level in [DeliveryRequest.InterruptionLevel.passive, .active, .timeSensitive, .critical] {
            for sound in [DeliveryRequest.Sound.default, nil] {
                for timeSensitive in [AppSettings.Switch.enabled, .disabled] {
                    var settings = AppSettings.authorized(requesting: [.alert, .sound, .timeSensitive])
                    settings.timeSensitive = timeSensitive
                    let request = DeliveryRequest(identifier: "a", title: "Tea", sound: sound, interruptionLevel: level)
                    let plan = PresentationMapping.plan(
                        request, settings: settings, capabilities: ServerCapabilities(["actions", "body"]),
                        appName: "Tea", desktopEntry: nil, serverPlaysSoundHints: serverPlays)
                    var followed = plan
                    PresentationMapping.applyDoNotDisturb(
                        level, settings: settings, serverSilent: serverSilent, sound: request.sound, to: &followed)
                    var unsuppressed = followed
                    unsuppressed.notify.hints.suppressSound = plan.notify.hints.suppressSound
                    let matters = PresentationMapping.doNotDisturbMatters(
                        level, settings: settings, plan: plan, serverSilent: serverSilent)
                    let what = "\(level) sound=\(String(describing: sound)) timeSensitive=\(timeSensitive)"
                    if matters {
                        checked.matters += 1
                        #expect(unsuppressed != plan, "said to matter, changed nothing: \(what)")
                    } else {
                        checked.not += 1
                        #expect(unsuppressed == plan, "skipped, yet it would change: \(what)")
                    }
                }
            }
        }
        #expect(checked.matters > 0 && checked.not > 0)
    }
}
