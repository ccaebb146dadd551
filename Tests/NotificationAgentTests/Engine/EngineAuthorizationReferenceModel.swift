@testable import UserNotifications
@testable import NotificationAgent

/// An independent, deliberately plain model of the authorization rules (iOS's states and popups, plus the machine's documented rules)
/// for the model-based test: a phase, the expected settings written out switch by switch, and
/// the exact effects each event must produce.
struct EngineAuthorizationReferenceModel {
    /// Where the app's popup is.
    enum Phase: Equatable {
        case idle
        case asked(PopupKind)
        case shown(PopupKind, PopupID)
    }

    var settings = AppSettings()
    var phase = Phase.idle
    var waiters: [RequestID] = []
    var grantOnAllow: AuthorizationOptionBits = []

    /// The settings the design asks for after each outcome, written independently of the
    /// engine's factories.
    static func expected(
        _ status: AppSettings.Authorization, _ requested: AuthorizationOptionBits, quietly: Bool = false
    )
        -> AppSettings
    {
        let options = requested.subtracting(.provisional)
        func bit(_ option: AuthorizationOptionBits) -> AppSettings.Switch {
            options.contains(option) ? .enabled : .disabled
        }
        var result = AppSettings()
        result.authorization = status
        result.requestedOptions = options
        switch status {
        case .authorized where !quietly:
            result.alert = bit(.alert)
            result.sound = bit(.sound)
            result.badge = bit(.badge)
            result.criticalAlert = bit(.criticalAlert)
            result.timeSensitive = bit(.timeSensitive)
            result.notificationCenter = .enabled
            result.lockScreen = .enabled
            result.alertStyle = options.contains(.alert) ? .banner : .none
        case .authorized:
            result.alert = .disabled
            result.sound = .disabled
            result.badge = .disabled
            result.criticalAlert = bit(.criticalAlert)
            result.timeSensitive = bit(.timeSensitive)
            result.notificationCenter = .enabled
            result.lockScreen = .disabled
            result.alertStyle = .none
        case .provisional, .denied:
            result.alert = .disabled
            result.sound = .disabled
            result.badge = .disabled
            result.criticalAlert = .disabled
            result.timeSensitive = .disabled
            result.notificationCenter = status == .provisional ? .enabled : .disabled
            result.lockScreen = .disabled
            result.alertStyle = .none
        case .notDetermined:
            break
        }
        return result
    }

    /// The popup the machine should report as pending.
    var pendingPopup: PendingPopup? {
        switch phase {
        case .idle: nil
        case .asked(let kind): PendingPopup(kind: kind)
        case .shown(let kind, let id): PendingPopup(kind: kind, id: id)
        }
    }

    /// The id of the shown popup, if any.
    var shownID: PopupID? {
        if case .shown(_, let id) = phase { id } else { nil }
    }

    /// Whether `event` is one the machine must ignore completely (no effect, no change).
    func ignores(_ event: AuthorizationEvent) -> Bool {
        switch event {
        case .clicked(let id, let key):
            guard case .shown(let kind, let current) = phase, current == id else { return true }
            switch kind {
            case .permission: return key != "allow" && key != "deny"
            case .keepFollowUp: return key != "prominent" && key != "quiet"
            case .turnOffConfirmation: return key != "turn-off-all" && key != "cancel"
            }
        case .closed(let id):
            return shownID != id || shownID == nil
        default:
            return false
        }
    }

    /// Applies `event`, returning the effects the machine must return.
    mutating func apply(_ event: AuthorizationEvent) -> [AuthorizationEffect] {
        if ignores(event) { return [] }
        switch event {
        case .request(let request, let options):
            let provisionalRequest = options.contains(.provisional)
            switch (settings.authorization, provisionalRequest) {
            case (.authorized, _):
                return [.completeRequests(granted: true, requests: [request])]
            case (.denied, _):
                return [.completeRequests(granted: false, requests: [request])]
            case (.provisional, true):
                return [.completeRequests(granted: true, requests: [request])]
            case (.notDetermined, true):
                settings = Self.expected(.provisional, options)
                return [.persist(settings), .completeRequests(granted: true, requests: [request])]
            case (.notDetermined, false), (.provisional, false):
                switch phase {
                case .asked(.permission), .shown(.permission, _):
                    waiters.append(request)
                    grantOnAllow.formUnion(options)
                    return []
                case .shown(_, let old):
                    phase = .asked(.permission)
                    waiters = [request]
                    grantOnAllow = options
                    return [.closePopup(old), .showPrompt(options)]
                case .idle, .asked:
                    phase = .asked(.permission)
                    waiters = [request]
                    grantOnAllow = options
                    return [.showPrompt(options)]
                }
            }
        case .popupShown(let id, let kind):
            if phase == .asked(kind) {
                phase = .shown(kind, id)
                return []
            }
            return [.closePopup(id)]
        case .popupFailed(let kind):
            guard phase == .asked(kind) else { return [] }
            return finish(nil, granted: false, close: false)
        case .clicked(_, let key):
            switch key {
            case "allow": return finish(Self.expected(.authorized, grantOnAllow), granted: true, close: true)
            case "deny": return finish(Self.expected(.denied, grantOnAllow), granted: false, close: true)
            case "prominent":
                return finish(Self.expected(.authorized, settings.requestedOptions), granted: true, close: true)
            case "quiet":
                return finish(
                    Self.expected(.authorized, settings.requestedOptions, quietly: true), granted: true, close: true)
            case "turn-off-all":
                return finish(Self.expected(.denied, settings.requestedOptions), granted: false, close: true)
            default: return finish(nil, granted: false, close: true)  // cancel
            }
        case .closed:
            return finish(nil, granted: false, close: false)
        case .keepClicked:
            guard settings.authorization == .provisional, phase == .idle else { return [] }
            phase = .asked(.keepFollowUp)
            return [.showKeepFollowUp]
        case .turnOffClicked:
            guard settings.authorization == .provisional, phase == .idle else { return [] }
            phase = .asked(.turnOffConfirmation)
            return [.showTurnOffConfirmation]
        case .settingsChanged(let newSettings):
            return finish(newSettings, granted: newSettings.authorization == .authorized, close: true)
        case .reset:
            return finish(AppSettings(), granted: false, close: true)
        }
    }

    private mutating func finish(_ newSettings: AppSettings?, granted: Bool, close: Bool) -> [AuthorizationEffect] {
        var effects: [AuthorizationEffect] = []
        if let newSettings {
            settings = newSettings
            effects.append(.persist(newSettings))
        }
        if close, let id = shownID {
            effects.append(.closePopup(id))
        }
        if !waiters.isEmpty {
            effects.append(.completeRequests(granted: granted, requests: waiters))
        }
        phase = .idle
        waiters = []
        grantOnAllow = []
        return effects
    }
}
