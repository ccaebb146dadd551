import DBus
import FreedesktopNotifications
import Testing
@testable import UserNotifications
@testable import NotificationAgent

/// The presentation mapping, row by row: what the app's settings and the request become on the wire.
@Suite struct MappingPresentationTests {
    static let capabilities = ServerCapabilities(["actions", "body", "body-markup"])

    static func plan(
        _ request: DeliveryRequest, _ settings: AppSettings,
        capabilities: ServerCapabilities = capabilities, playsHints: Bool = false
    ) -> PresentationMapping.Plan {
        PresentationMapping.plan(
            request, settings: settings, capabilities: capabilities, appName: "Tea",
            desktopEntry: "org.example.Tea", serverPlaysSoundHints: playsHints)
    }

    static let authorized = AppSettings.authorized(requesting: [.alert, .sound, .badge])

    @Test func authorizedBannerWithTitleSubtitleAndBody() {
        let plan = Self.plan(
            DeliveryRequest(identifier: "a", title: "Tea", subtitle: "Green", body: "Ready"), Self.authorized)
        #expect(plan.notify.appName == "Tea")
        #expect(plan.notify.summary == "Tea")
        #expect(plan.notify.body == "Green\nReady")
        #expect(plan.notify.hints.urgency == .normal)
        #expect(plan.notify.hints.desktopEntry == "org.example.Tea")
        #expect(plan.notify.hints.suppressSound == true)
        #expect(plan.notify.actions == [NotificationAction(key: "default", label: "Open")])
    }

    @Test func xfceGetsNoDefaultActionAndNotifyOSDNoActionsAtAll() {
        let request = DeliveryRequest(identifier: "a", body: "x")
        let xfce = PresentationMapping.plan(
            request, settings: Self.authorized, capabilities: Self.capabilities, appName: "Tea", desktopEntry: nil,
            server: ServerInformation(name: "Xfce Notify Daemon", vendor: "Xfce", version: "0.7", specVersion: "1.2"))
        #expect(xfce.notify.actions.isEmpty)
        let provisional = AppSettings.provisional(requesting: [.alert, .provisional])
        let osd = PresentationMapping.plan(
            request, settings: provisional, capabilities: ServerCapabilities(["body", "body-markup"]), appName: "Tea",
            desktopEntry: nil, noButtonsNote: "(run unotify settings org.example.Tea allow)")
        #expect(osd.notify.actions.isEmpty)
        #expect(osd.notify.body == "x\n(run unotify settings org.example.Tea allow)")
    }

    @Test func categoryActionsFollowTheDefaultAction() {
        let category = CategoryRecord(
            identifier: "msg",
            actions: [
                .init(identifier: "snooze", title: "Snooze"),
                .init(
                    identifier: "reply", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: "Message")),
            ])
        let request = DeliveryRequest(identifier: "a", body: "x", categoryIdentifier: "msg")
        let plain = PresentationMapping.plan(
            request, settings: Self.authorized, capabilities: Self.capabilities,
            appName: "Tea", desktopEntry: nil, category: category)
        #expect(plain.notify.actions.map(\.key) == ["default", "snooze", "reply"])
        // Where the text-input action is a button, it carries the portal's reply purpose
        // (servers over org.freedesktop.Notifications never see it).
        #expect(plain.notify.actions.map(\.purpose) == [nil, nil, "im.reply-with-text"])
        #expect(Self.kdeReply(category) == ["default", "snooze", "inline-reply", "Message", "Send"])
        let noActions = PresentationMapping.plan(
            request, settings: Self.authorized, capabilities: ServerCapabilities(["body"]),
            appName: "Tea", desktopEntry: nil, category: category)
        #expect(noActions.notify.actions.isEmpty)
    }

    /// Plasma has one reply field per notification: a second text-input action must not send
    /// the `inline-reply` key again (two actions with one key); it stays a button of its own,
    /// whose click asks for the text the way servers without a reply field do.
    @Test func onlyTheFirstTextInputActionBecomesTheReplyField() {
        let category = CategoryRecord(
            identifier: "msg",
            actions: [
                .init(
                    identifier: "reply", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: "Message")),
                .init(
                    identifier: "note", title: "Add Note", textInput: .init(buttonTitle: "Save", placeholder: "Note")),
            ])
        #expect(Self.kdeReply(category) == ["default", "inline-reply", "note", "Message", "Send"])
    }

    /// The action keys of a notification of `category` on a server with `inline-reply`, then
    /// its reply field's placeholder and button title (`x-kde-reply-*` hints).
    static func kdeReply(_ category: CategoryRecord) -> [String] {
        let request = DeliveryRequest(identifier: "a", body: "x", categoryIdentifier: category.identifier)
        let kde = PresentationMapping.plan(
            request, settings: authorized,
            capabilities: ServerCapabilities(["actions", "body", "inline-reply"]),
            appName: "Tea", desktopEntry: nil, category: category)
        let field = ["x-kde-reply-placeholder-text", "x-kde-reply-submit-button-text"].map { key in
            kde.notify.hints.vendor[key].flatMap { variant in
                if case .string(let text) = variant.value { text } else { nil }
            } ?? "(no \(key))"
        }
        return kde.notify.actions.map(\.key) + field
    }

    @Test func onlyTheFirstActionsAServerHasRoomForAreSent() {
        let category = CategoryRecord(
            identifier: "many", actions: (1...6).map { .init(identifier: "a\($0)", title: "Action \($0)") })
        let request = DeliveryRequest(identifier: "a", body: "x", categoryIdentifier: "many")
        func plan(_ name: String, _ vendor: String, _ settings: AppSettings = Self.authorized) -> [String] {
            PresentationMapping.plan(
                request, settings: settings, capabilities: Self.capabilities, appName: "Tea", desktopEntry: nil,
                category: category,
                server: ServerInformation(name: name, vendor: vendor, version: "1", specVersion: "1.2")
            ).notify.actions.map(\.key)
        }
        // notification-daemon's fixed-width popup: `default` (not drawn) plus the first four
        #expect(plan("Notification Daemon", "GNOME") == ["default", "a1", "a2", "a3", "a4"])
        // lxqt lists more than three in a drop-down, mate widens the popup: nothing is dropped
        #expect(plan("lxqt-notificationd", "lxqt.org") == ["default", "a1", "a2", "a3", "a4", "a5", "a6"])
        #expect(plan("Notification Daemon", "MATE") == ["default", "a1", "a2", "a3", "a4", "a5", "a6"])
        let provisional = AppSettings.provisional(requesting: [.alert, .provisional])
        #expect(
            plan("Notification Daemon", "GNOME", provisional) == [
                AuthorizationActionKey.keep, AuthorizationActionKey.turnOff,
            ])
    }

    @Test(arguments: [
        (DeliveryRequest.InterruptionLevel.passive, false, Urgency.low),
        (.active, false, .normal),
        (.timeSensitive, false, .normal),
        (.critical, false, .normal),
        (.critical, true, .critical),
    ])
    func interruptionLevelToUrgency(
        _ level: DeliveryRequest.InterruptionLevel, _ criticalGranted: Bool, _ urgency: Urgency
    ) {
        var settings = Self.authorized
        settings.criticalAlert = criticalGranted ? .enabled : .disabled
        let plan = Self.plan(DeliveryRequest(identifier: "a", body: "x", interruptionLevel: level), settings)
        #expect(plan.notify.hints.urgency == urgency)
    }

    @Test func provisionalIsQuietWithKeepAndTurnOff() {
        let settings = AppSettings.provisional(requesting: [.alert, .sound, .badge, .provisional])
        let plan = Self.plan(DeliveryRequest(identifier: "a", body: "x", sound: .default, badge: 3), settings)
        #expect(plan.notify.hints.urgency == .low)
        #expect(plan.notify.hints.suppressSound == true)
        #expect(plan.notify.hints.soundName == nil)
        #expect(plan.badge == nil)
        #expect(plan.notify.actions.map(\.key) == [AuthorizationActionKey.keep, AuthorizationActionKey.turnOff])
    }

    /// GNOME Shell shows a low-urgency notification only in its tray, which draws no buttons:
    /// the provisional choice goes out as a banner there, still silent and with its two choices.
    @Test func provisionalIsABannerOnGnomeShellWhoseTrayHasNoButtons() {
        let settings = AppSettings.provisional(requesting: [.alert, .sound, .provisional])
        let plan = PresentationMapping.plan(
            DeliveryRequest(identifier: "a", body: "x", sound: .default), settings: settings,
            capabilities: ServerCapabilities(["actions", "body", "body-markup", "persistence", "sound"]),
            appName: "Tea",
            desktopEntry: nil,
            server: ServerInformation(name: "gnome-shell", vendor: "GNOME", version: "43.9", specVersion: "1.2"))
        #expect(plan.notify.hints.urgency == .normal)
        #expect(plan.notify.hints.soundName == nil && plan.notify.hints.soundFile == nil)
        #expect(plan.notify.actions.map(\.key) == [AuthorizationActionKey.keep, AuthorizationActionKey.turnOff])
    }

    /// GNOME Shell plays a notification's sound when it shows the banner, and a low-urgency
    /// notification gets none: with banners off but sound on, the agent plays it.
    @Test func onGnomeShellTheAgentPlaysTheSoundOfANotificationWithoutBanner() {
        var settings = Self.authorized
        settings.alert = .disabled
        let gnome = ServerInformation(name: "gnome-shell", vendor: "GNOME", version: "43.9", specVersion: "1.2")
        let capabilities = ServerCapabilities(["actions", "body", "body-markup", "persistence", "sound"])
        let request = DeliveryRequest(identifier: "a", body: "x", sound: .default)
        let quiet = PresentationMapping.plan(
            request, settings: settings, capabilities: capabilities, appName: "Tea",
            desktopEntry: nil, serverPlaysSoundHints: true, server: gnome)
        #expect(quiet.notify.hints.urgency == .low)
        #expect(quiet.soundToPlay == .default)
        let banner = PresentationMapping.plan(
            request, settings: Self.authorized, capabilities: capabilities, appName: "Tea",
            desktopEntry: nil, serverPlaysSoundHints: true, server: gnome)
        #expect(banner.soundToPlay == nil && banner.notify.hints.soundName == "message-new-instant")
    }

    @Test func alertOffButListOnIsHistoryOnly() {
        var settings = Self.authorized
        settings.alert = .disabled
        let plan = Self.plan(DeliveryRequest(identifier: "a", body: "x", interruptionLevel: .critical), settings)
        #expect(plan.notify.hints.urgency == .low)
        #expect(plan.notify.hints.isTransient == nil)
    }

    @Test func soundDefaultBecomesTheThemeNameAndIsPlayedByTheAgentWhereTheServerWont() {
        let request = DeliveryRequest(identifier: "a", body: "x", sound: .default)
        let agentPlays = Self.plan(request, Self.authorized)
        #expect(agentPlays.notify.hints.soundName == "message-new-instant")
        #expect(agentPlays.notify.hints.suppressSound == true)
        #expect(agentPlays.soundToPlay == .default)
        let serverPlays = Self.plan(request, Self.authorized, playsHints: true)
        #expect(serverPlays.notify.hints.suppressSound == nil)
        #expect(serverPlays.soundToPlay == nil)
    }

    @Test func aSoundPathIsASoundFile() {
        let plan = Self.plan(
            DeliveryRequest(identifier: "a", body: "x", sound: .named("/tmp/ding.oga")), Self.authorized)
        #expect(plan.notify.hints.soundFile == "/tmp/ding.oga")
        #expect(plan.notify.hints.soundName == nil)
    }

    @Test func soundOffMeansSuppressSoundAndNothingPlayed() {
        var settings = Self.authorized
        settings.sound = .disabled
        let plan = Self.plan(DeliveryRequest(identifier: "a", body: "x", sound: .default), settings)
        #expect(plan.notify.hints.suppressSound == true)
        #expect(plan.notify.hints.soundName == nil)
        #expect(plan.soundToPlay == nil)
    }

    @Test func badgeOnlyWhenTheBadgeSettingIsOn() {
        #expect(Self.plan(DeliveryRequest(identifier: "a", body: "x", badge: 3), Self.authorized).badge == 3)
        var settings = Self.authorized
        settings.badge = .disabled
        #expect(Self.plan(DeliveryRequest(identifier: "a", body: "x", badge: 3), settings).badge == nil)
    }

    @Test func userTextIsEscapedOnlyWhereTheServerReadsMarkup() {
        let request = DeliveryRequest(identifier: "a", title: "A & B", body: "<b>x</b> & y")
        #expect(Self.plan(request, Self.authorized).notify.body == "&lt;b&gt;x&lt;/b&gt; &amp; y")
        let plain = Self.plan(request, Self.authorized, capabilities: ServerCapabilities(["body"]))
        #expect(plain.notify.body == "<b>x</b> & y")
        #expect(plain.notify.summary == "A & B")
    }

    @Test func anImageBecomesAFileURIUnderTheSpellingTheServerDraws() {
        let request = DeliveryRequest(identifier: "a", body: "x", imagePath: "/tmp/cat.png")
        let plan = Self.plan(request, Self.authorized)
        #expect(plan.notify.hints.imagePath == "file:///tmp/cat.png")
        #expect(plan.notify.hints.vendor["image_path"] == DBusVariant("file:///tmp/cat.png"))
        let lxqt = PresentationMapping.plan(
            request, settings: Self.authorized, capabilities: Self.capabilities, appName: "Tea", desktopEntry: nil,
            server: ServerInformation(
                name: "lxqt-notificationd", vendor: "lxqt.org", version: "1.2.0", specVersion: "1.2"))
        #expect(lxqt.notify.hints.wire["image-path"] == nil)
        #expect(lxqt.notify.hints.wire["image_path"] == DBusVariant("file:///tmp/cat.png"))
    }

    @Test func theReplacedIdIsPassedThrough() {
        let plan = PresentationMapping.plan(
            DeliveryRequest(identifier: "a", body: "x"), settings: Self.authorized, capabilities: Self.capabilities,
            appName: "Tea", desktopEntry: nil, replacing: ServerNotificationID(rawValue: 41))
        #expect(plan.notify.replacesID == ServerNotificationID(rawValue: 41))
    }

    @Test func requestWireRoundTrips() throws {
        for request in [
            DeliveryRequest(
                identifier: "a", title: "t", subtitle: "s", body: "b", sound: .default, badge: 2,
                categoryIdentifier: "c", threadIdentifier: "th", interruptionLevel: .timeSensitive,
                imagePath: "/i.png"),
            DeliveryRequest(identifier: "b", sound: .named("bell")),
            DeliveryRequest(identifier: "c", sound: .critical(name: nil, volume: 0.5)),
        ] {
            #expect(try DeliveryRequest(wire: request.wire) == request)
        }
    }

    @Test func settingsWireRoundTripsAndRejectsUnknownKeys() throws {
        let settings = Self.authorized
        #expect(try AppSettings().applying(settings.wire) == settings)
        #expect(throws: (any Error).self) { try AppSettings().applying(["volume": .init(Int32(3))]) }
        #expect(throws: (any Error).self) { try AppSettings().applying(["alert": .init(Int32(9))]) }
    }
}
