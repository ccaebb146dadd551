import Testing
@testable import UserNotifications
@testable import NotificationAgent

/// `AuthorizationMachine`, one test per row of the authorization table, plus the rules around them.
@Suite("Engine: authorization table")
struct EngineAuthorizationTableTests {
    private typealias Key = AuthorizationActionKey
    private let options: AuthorizationOptionBits = [.alert, .sound, .badge]

    /// A machine with the permission prompt shown as popup 7 for request 1 with `options`.
    private func promptShown(from settings: AppSettings = AppSettings()) -> AuthorizationMachine {
        var machine = AuthorizationMachine(settings: settings)
        _ = machine.handle(.request(RequestID(1), options: options))
        _ = machine.handle(.popupShown(PopupID(7), .permission))
        return machine
    }

    /// A provisional machine (from a provisional request for `options`).
    private func provisional() -> AuthorizationMachine {
        var machine = AuthorizationMachine()
        _ = machine.handle(.request(RequestID(1), options: options.union(.provisional)))
        return machine
    }

    @Test("notDetermined + request without .provisional → prompt pending, nobody answered yet")
    func explicitRequestPrompts() {
        var machine = AuthorizationMachine()
        #expect(machine.handle(.request(RequestID(1), options: options)) == [.showPrompt(options)])
        #expect(machine.popup == PendingPopup(kind: .permission))
        #expect(machine.waitingRequests == [RequestID(1)])
        #expect(machine.settings == AppSettings())
        #expect(machine.handle(.popupShown(PopupID(7), .permission)) == [])
        #expect(machine.popup == PendingPopup(kind: .permission, id: PopupID(7)))
    }

    @Test("prompt pending + Allow → authorized with the requested options; completion true")
    func allow() {
        var machine = promptShown()
        let expected = AppSettings.authorized(requesting: options)
        #expect(
            machine.handle(.clicked(PopupID(7), actionKey: Key.allow)) == [
                .persist(expected), .closePopup(PopupID(7)), .completeRequests(granted: true, requests: [RequestID(1)]),
            ])
        #expect(machine.settings == expected)
        #expect(machine.popup == nil)
        #expect(expected.authorization == .authorized)
        #expect(expected.alert == .enabled && expected.sound == .enabled && expected.badge == .enabled)
        #expect(expected.criticalAlert == .disabled && expected.timeSensitive == .disabled)
        #expect(expected.notificationCenter == .enabled && expected.lockScreen == .enabled)
        #expect(expected.alertStyle == .banner)
        #expect(expected.requestedOptions == options)
    }

    @Test("Allow with only .sound: alert and badge disabled, no banner")
    func allowSoundOnly() {
        let settings = AppSettings.authorized(requesting: [.sound])
        #expect(settings.alert == .disabled && settings.sound == .enabled && settings.badge == .disabled)
        #expect(settings.alertStyle == AppSettings.AlertStyle.none)
    }

    @Test("prompt pending + Don't Allow → denied; completion false")
    func deny() {
        var machine = promptShown()
        let expected = AppSettings.denied(requesting: options)
        #expect(
            machine.handle(.clicked(PopupID(7), actionKey: Key.deny)) == [
                .persist(expected), .closePopup(PopupID(7)),
                .completeRequests(granted: false, requests: [RequestID(1)]),
            ])
        #expect(machine.settings.authorization == .denied)
        for value in [expected.alert, expected.sound, expected.badge, expected.notificationCenter, expected.lockScreen]
        {
            #expect(value == .disabled)
        }
    }

    @Test("prompt pending + dismissed or expired → notDetermined, completion false; a later request prompts again")
    func dismissed() {
        var machine = promptShown()
        #expect(machine.handle(.closed(PopupID(7))) == [.completeRequests(granted: false, requests: [RequestID(1)])])
        #expect(machine.settings == AppSettings())
        #expect(machine.popup == nil)
        #expect(machine.handle(.request(RequestID(2), options: options)) == [.showPrompt(options)])
    }

    @Test("a prompt that could not be shown answers false and leaves notDetermined")
    func promptFailed() {
        var machine = AuthorizationMachine()
        _ = machine.handle(.request(RequestID(1), options: options))
        #expect(machine.handle(.popupFailed(.keepFollowUp)) == [])
        #expect(
            machine.handle(.popupFailed(.permission)) == [.completeRequests(granted: false, requests: [RequestID(1)])])
        #expect(machine == AuthorizationMachine())
    }

    @Test("notDetermined + request with .provisional → provisional, no prompt, completion true")
    func provisionalRequest() {
        var machine = AuthorizationMachine()
        let expected = AppSettings.provisional(requesting: options)
        #expect(
            machine.handle(.request(RequestID(1), options: options.union(.provisional))) == [
                .persist(expected), .completeRequests(granted: true, requests: [RequestID(1)]),
            ])
        #expect(machine.popup == nil)
        #expect(expected.authorization == .provisional)
        #expect(expected.notificationCenter == .enabled)
        #expect(expected.alert == .disabled && expected.sound == .disabled && expected.badge == .disabled)
        #expect(expected.lockScreen == .disabled && expected.alertStyle == AppSettings.AlertStyle.none)
        #expect(expected.requestedOptions == options)
    }

    @Test("provisional + Keep → the Deliver Prominently / Deliver Quietly follow-up")
    func keep() {
        var machine = provisional()
        #expect(machine.handle(.keepClicked(onNotification: PopupID(3))) == [.showKeepFollowUp])
        #expect(machine.popup == PendingPopup(kind: .keepFollowUp))
        #expect(machine.settings.authorization == .provisional)
        #expect(PopupKind.keepFollowUp.actionKeys == [Key.prominent, Key.quiet])
    }

    @Test("follow-up + Deliver Prominently → authorized, all requested options enabled")
    func deliverProminently() {
        var machine = provisional()
        _ = machine.handle(.keepClicked(onNotification: PopupID(3)))
        _ = machine.handle(.popupShown(PopupID(8), .keepFollowUp))
        let expected = AppSettings.authorized(requesting: options)
        #expect(
            machine.handle(.clicked(PopupID(8), actionKey: Key.prominent)) == [
                .persist(expected), .closePopup(PopupID(8)),
            ])
        #expect(machine.settings == expected)
    }

    @Test("follow-up + Deliver Quietly → authorized, alert/sound/badge disabled, notification center enabled")
    func deliverQuietly() {
        var machine = provisional()
        _ = machine.handle(.keepClicked(onNotification: PopupID(3)))
        _ = machine.handle(.popupShown(PopupID(8), .keepFollowUp))
        _ = machine.handle(.clicked(PopupID(8), actionKey: Key.quiet))
        let settings = machine.settings
        #expect(settings.authorization == .authorized)
        #expect(settings.alert == .disabled && settings.sound == .disabled && settings.badge == .disabled)
        #expect(settings.notificationCenter == .enabled)
        #expect(settings == .deliveredQuietly(requesting: options))
    }

    @Test("provisional + Turn Off → the Turn Off All Notifications / Cancel confirmation")
    func turnOff() {
        var machine = provisional()
        #expect(machine.handle(.turnOffClicked(onNotification: PopupID(3))) == [.showTurnOffConfirmation])
        #expect(machine.popup == PendingPopup(kind: .turnOffConfirmation))
        #expect(PopupKind.turnOffConfirmation.actionKeys == [Key.turnOffAll, Key.cancel])
    }

    @Test("confirmation + Turn Off All Notifications → denied")
    func turnOffAll() {
        var machine = provisional()
        _ = machine.handle(.turnOffClicked(onNotification: PopupID(3)))
        _ = machine.handle(.popupShown(PopupID(9), .turnOffConfirmation))
        let expected = AppSettings.denied(requesting: options)
        #expect(
            machine.handle(.clicked(PopupID(9), actionKey: Key.turnOffAll)) == [
                .persist(expected), .closePopup(PopupID(9)),
            ])
        #expect(machine.settings.authorization == .denied)
    }

    @Test("confirmation + Cancel (or dismissed) → still provisional")
    func cancel() {
        var machine = provisional()
        let before = machine.settings
        _ = machine.handle(.turnOffClicked(onNotification: PopupID(3)))
        _ = machine.handle(.popupShown(PopupID(9), .turnOffConfirmation))
        #expect(machine.handle(.clicked(PopupID(9), actionKey: Key.cancel)) == [.closePopup(PopupID(9))])
        #expect(machine.settings == before)
        #expect(machine.popup == nil)
        _ = machine.handle(.turnOffClicked(onNotification: PopupID(3)))
        _ = machine.handle(.popupShown(PopupID(10), .turnOffConfirmation))
        #expect(machine.handle(.closed(PopupID(10))) == [])
        #expect(machine == provisional())
    }

    @Test("provisional + explicit request → the Allow / Don't Allow prompt; Allow grants that request's options")
    func provisionalThenExplicit() {
        var machine = provisional()
        #expect(machine.handle(.request(RequestID(2), options: [.alert])) == [.showPrompt([.alert])])
        _ = machine.handle(.popupShown(PopupID(11), .permission))
        _ = machine.handle(.clicked(PopupID(11), actionKey: Key.allow))
        #expect(machine.settings == .authorized(requesting: [.alert]))
    }

    @Test("provisional + explicit request, dismissed → still provisional, completion false")
    func provisionalPromptDismissed() {
        var machine = provisional()
        _ = machine.handle(.request(RequestID(2), options: [.alert]))
        _ = machine.handle(.popupShown(PopupID(11), .permission))
        #expect(machine.handle(.closed(PopupID(11))) == [.completeRequests(granted: false, requests: [RequestID(2)])])
        #expect(machine == provisional())
    }

    @Test("an explicit request replaces a pending Keep follow-up with the prompt")
    func requestReplacesFollowUp() {
        var machine = provisional()
        _ = machine.handle(.keepClicked(onNotification: PopupID(3)))
        _ = machine.handle(.popupShown(PopupID(8), .keepFollowUp))
        #expect(
            machine.handle(.request(RequestID(2), options: [.badge])) == [
                .closePopup(PopupID(8)), .showPrompt([.badge]),
            ])
        #expect(machine.handle(.clicked(PopupID(8), actionKey: Key.prominent)) == [])
        #expect(machine.popup == PendingPopup(kind: .permission))
    }

    @Test(
        "authorized or denied + any request → unchanged, no prompt, completion reports the current grant",
        arguments: [AppSettings.authorized(requesting: [.alert]), .denied(requesting: [.alert])],
        [AuthorizationOptionBits.alert, [.provisional], [], [.alert, .sound, .provisional]]
    )
    func decidedRequests(settings: AppSettings, options: AuthorizationOptionBits) {
        var machine = AuthorizationMachine(settings: settings)
        let granted = settings.authorization == .authorized
        #expect(
            machine.handle(.request(RequestID(5), options: options)) == [
                .completeRequests(granted: granted, requests: [RequestID(5)])
            ])
        #expect(machine == AuthorizationMachine(settings: settings))
    }

    @Test("provisional + another provisional request → unchanged, completion true")
    func provisionalAgain() {
        var machine = provisional()
        #expect(
            machine.handle(.request(RequestID(2), options: [.provisional, .badge])) == [
                .completeRequests(granted: true, requests: [RequestID(2)])
            ])
        #expect(machine == provisional())
    }

    @Test(
        "any state + settings changed → exactly what was set; a pending prompt is closed and answered",
        arguments: [AppSettings.Authorization.notDetermined, .denied, .authorized, .provisional]
    )
    func settingsChanged(status: AppSettings.Authorization) {
        var set = AppSettings.authorized(requesting: [.alert, .criticalAlert])
        set.authorization = status
        set.showPreviews = .never
        set.alertStyle = .alert
        var machine = promptShown()
        #expect(
            machine.handle(.settingsChanged(set)) == [
                .persist(set), .closePopup(PopupID(7)),
                .completeRequests(granted: status == .authorized, requests: [RequestID(1)]),
            ])
        #expect(machine == AuthorizationMachine(settings: set))
        var idle = AuthorizationMachine(settings: .denied(requesting: []))
        #expect(idle.handle(.settingsChanged(set)) == [.persist(set)])
        #expect(idle.settings == set)
    }

    @Test("reset → notDetermined defaults from any state; a pending popup is closed")
    func reset() {
        var machine = provisional()
        _ = machine.handle(.turnOffClicked(onNotification: PopupID(3)))
        _ = machine.handle(.popupShown(PopupID(9), .turnOffConfirmation))
        #expect(machine.handle(.reset) == [.persist(AppSettings()), .closePopup(PopupID(9))])
        #expect(machine == AuthorizationMachine())
        var authorized = AuthorizationMachine(settings: .authorized(requesting: [.alert]))
        #expect(authorized.handle(.reset) == [.persist(AppSettings())])
        #expect(authorized == AuthorizationMachine())
    }

    @Test("requests while the prompt is pending join its waiters; Allow grants the union, answers all once")
    func joinedWaiters() {
        var machine = AuthorizationMachine()
        #expect(machine.handle(.request(RequestID(1), options: [.alert])) == [.showPrompt([.alert])])
        #expect(machine.handle(.request(RequestID(2), options: [.sound])) == [])
        _ = machine.handle(.popupShown(PopupID(7), .permission))
        #expect(machine.handle(.request(RequestID(3), options: [])) == [])
        let effects = machine.handle(.clicked(PopupID(7), actionKey: Key.allow))
        #expect(
            effects == [
                .persist(.authorized(requesting: [.alert, .sound])), .closePopup(PopupID(7)),
                .completeRequests(granted: true, requests: [RequestID(1), RequestID(2), RequestID(3)]),
            ])
        #expect(machine.waitingRequests.isEmpty)
    }

    @Test("a provisional request while a prompt is pending: provisional at once, the prompt stays")
    func provisionalDuringPrompt() {
        var machine = promptShown()
        #expect(
            machine.handle(.request(RequestID(2), options: [.provisional, .badge])) == [
                .persist(.provisional(requesting: [.badge])),
                .completeRequests(granted: true, requests: [RequestID(2)]),
            ])
        #expect(machine.popup == PendingPopup(kind: .permission, id: PopupID(7)))
        #expect(machine.waitingRequests == [RequestID(1)])
        #expect(machine.handle(.closed(PopupID(7))) == [.completeRequests(granted: false, requests: [RequestID(1)])])
        #expect(machine.settings == .provisional(requesting: [.badge]))
    }

    @Test("spoofed, stale or foreign clicks and closes, and unknown keys, change nothing")
    func spoofedClicksChangeNothing() {
        var machine = promptShown()
        let before = machine
        let events: [AuthorizationEvent] = [
            .clicked(PopupID(8), actionKey: Key.allow),  // foreign id
            .clicked(PopupID(7), actionKey: "default"),  // body click
            .clicked(PopupID(7), actionKey: "Allow"),  // keys are case-sensitive
            .clicked(PopupID(7), actionKey: Key.prominent),  // another popup's key
            .clicked(PopupID(7), actionKey: Key.keep),
            .clicked(PopupID(7), actionKey: ""),
            .closed(PopupID(6)),
            .keepClicked(onNotification: PopupID(7)),  // not provisional
            .turnOffClicked(onNotification: PopupID(7)),
            .popupFailed(.permission),  // already shown
        ]
        for event in events {
            #expect(machine.handle(event) == [], "\(event)")
            #expect(machine == before, "\(event)")
        }
        _ = machine.handle(.clicked(PopupID(7), actionKey: Key.deny))
        let decided = machine
        // The answered popup is stale now: clicking it again changes nothing.
        #expect(machine.handle(.clicked(PopupID(7), actionKey: Key.allow)) == [])
        #expect(machine.handle(.closed(PopupID(7))) == [])
        #expect(machine == decided)
    }

    @Test("a click before the popup's id is known changes nothing")
    func clickBeforeShown() {
        var machine = AuthorizationMachine()
        _ = machine.handle(.request(RequestID(1), options: options))
        let before = machine
        #expect(machine.handle(.clicked(PopupID(0), actionKey: Key.allow)) == [])
        #expect(machine.handle(.closed(PopupID(0))) == [])
        #expect(machine == before)
    }

    @Test("a popup shown when nothing waits for it (superseded meanwhile) is closed at once")
    func unwantedPopupClosed() {
        var machine = AuthorizationMachine()
        _ = machine.handle(.request(RequestID(1), options: options))
        _ = machine.handle(.settingsChanged(.denied(requesting: [])))
        let before = machine
        #expect(machine.handle(.popupShown(PopupID(7), .permission)) == [.closePopup(PopupID(7))])
        #expect(machine == before)
        var shown = promptShown()
        #expect(shown.handle(.popupShown(PopupID(8), .permission)) == [.closePopup(PopupID(8))])
        #expect(shown == promptShown())
    }

    @Test("Keep and Turn Off do nothing while another popup is pending")
    func oneFollowUpAtATime() {
        var machine = provisional()
        _ = machine.handle(.keepClicked(onNotification: PopupID(3)))
        let before = machine
        #expect(machine.handle(.turnOffClicked(onNotification: PopupID(4))) == [])
        #expect(machine.handle(.keepClicked(onNotification: PopupID(4))) == [])
        #expect(machine == before)
    }

    @Test("action keys: one place, distinct, and Keep / Turn Off match the presentation mapping's")
    func actionKeys() {
        let all = PopupKind.allCases.flatMap(\.actionKeys) + [Key.keep, Key.turnOff]
        #expect(Set(all).count == all.count)
        #expect(Key.keep == PresentationMapping.keepActionKey)
        #expect(Key.turnOff == PresentationMapping.turnOffActionKey)
        #expect(!all.contains("default"))
    }
}
