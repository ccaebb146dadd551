@testable import UserNotifications
@testable import NotificationAgent

/// Plays the agent, the user and an attacker against an `AuthorizationMachine` and the
/// reference model at once, from a list of random words, and reports the first disagreement.
///
/// Each word picks an event with the state in mind, so that sequences reach every popup:
/// requests with random options (half provisional), `popupShown` for what was asked (or an
/// unwanted kind), failures, clicks with the current, a stale or a foreign id and any key
/// (valid, another popup's, bogus), targeted valid clicks, closes, Keep / Turn Off, random
/// settings, resets; Keep / Turn Off more often while the app is provisional.
struct EngineAuthorizationDriver {
    private(set) var machine = AuthorizationMachine()
    private(set) var model = EngineAuthorizationReferenceModel()
    private(set) var requested = Set<RequestID>()
    private(set) var answers: [RequestID: Bool] = [:]
    /// How often each effect or resolution happened, for the coverage check.
    private(set) var coverage: [String: Int] = [:]
    private var trace: [(AuthorizationEvent, [AuthorizationEffect])] = []
    private var nextRequest: UInt64 = 1
    private var nextPopup: UInt32 = 1000
    private var shownIDs: [PopupID] = []

    static let keys = [
        "allow", "deny", "prominent", "quiet", "turn-off-all", "cancel", "unotify-keep", "unotify-turn-off",
        "default", "", "Allow", "allow ", "deny\u{0}", "🙂", "inline-reply",
    ]

    /// Runs the words, then resolves whatever is pending; the first problem found, if any.
    mutating func run(_ words: [UInt64]) -> String? {
        for word in words {
            if let problem = step(event(from: word)) { return problem }
        }
        if case .asked(let kind) = model.phase, let problem = step(.popupShown(freshPopup(), kind)) {
            return problem
        }
        if let id = model.shownID, let problem = step(.closed(id)) {
            return problem
        }
        if Set(answers.keys) != requested {
            return failure(
                "unanswered requests: \(requested.subtracting(answers.keys).sorted { $0.rawValue < $1.rawValue })")
        }
        return nil
    }

    private mutating func freshPopup() -> PopupID {
        nextPopup += 1
        return PopupID(nextPopup)
    }

    private mutating func event(from word: UInt64) -> AuthorizationEvent {
        let rest = word >> 8
        switch word % 20 {
        case 0..<4:
            var options = AuthorizationOptionBits(rawValue: UInt(rest & 0x1BF))
            if (rest >> 9) % 2 == 0 { options.insert(.provisional) }
            nextRequest += 1
            return .request(RequestID(nextRequest), options: options)
        case 4..<6:
            if case .asked(let kind) = model.phase, rest % 4 != 0 {
                return .popupShown(freshPopup(), kind)
            }
            return .popupShown(freshPopup(), PopupKind.allCases[Int(rest % 3)])
        case 6:
            if case .asked(let kind) = model.phase, rest % 2 == 0 { return .popupFailed(kind) }
            return .popupFailed(PopupKind.allCases[Int(rest % 3)])
        case 7..<10:
            return .clicked(pickID(rest), actionKey: Self.keys[Int((rest >> 16) % UInt64(Self.keys.count))])
        case 10..<13:
            if let popup = model.pendingPopup, let id = popup.id {
                let keys = popup.kind.actionKeys
                return .clicked(id, actionKey: keys[Int(rest % UInt64(keys.count))])
            }
            return .clicked(pickID(rest), actionKey: Self.keys[Int((rest >> 16) % UInt64(Self.keys.count))])
        case 13:
            return .closed(pickID(rest))
        case 14:
            return .keepClicked(onNotification: PopupID(UInt32(truncatingIfNeeded: rest)))
        case 15:
            return .turnOffClicked(onNotification: PopupID(UInt32(truncatingIfNeeded: rest)))
        case 16:
            return .settingsChanged(Self.randomSettings(rest))
        case 17:
            return .reset
        default:
            if let id = model.shownID { return .closed(id) }
            if case .asked(let kind) = model.phase { return .popupShown(freshPopup(), kind) }
            if model.settings.authorization == .provisional {
                let notification = PopupID(UInt32(truncatingIfNeeded: rest >> 1))
                return rest % 2 == 0
                    ? .keepClicked(onNotification: notification) : .turnOffClicked(onNotification: notification)
            }
            return .closed(pickID(rest))
        }
    }

    /// The current popup's id, a stale one, or a foreign one (below the agent's ids).
    private func pickID(_ bits: UInt64) -> PopupID {
        switch bits % 4 {
        case 0, 1:
            if let id = model.shownID { return id }
        case 2:
            if !shownIDs.isEmpty { return shownIDs[Int((bits >> 2) % UInt64(shownIDs.count))] }
        default:
            break
        }
        return PopupID(UInt32((bits >> 2) % 1000))
    }

    private static func randomSettings(_ bits: UInt64) -> AppSettings {
        func value<T: CaseIterable>(_ shift: UInt64, _ type: T.Type) -> T {
            let all = Array(T.allCases)
            return all[Int((bits >> shift) % UInt64(all.count))]
        }
        var settings = AppSettings()
        settings.authorization = value(0, AppSettings.Authorization.self)
        settings.alert = value(2, AppSettings.Switch.self)
        settings.sound = value(4, AppSettings.Switch.self)
        settings.badge = value(6, AppSettings.Switch.self)
        settings.notificationCenter = value(8, AppSettings.Switch.self)
        settings.lockScreen = value(10, AppSettings.Switch.self)
        settings.criticalAlert = value(12, AppSettings.Switch.self)
        settings.timeSensitive = value(14, AppSettings.Switch.self)
        settings.alertStyle = value(16, AppSettings.AlertStyle.self)
        settings.showPreviews = value(18, AppSettings.Previews.self)
        settings.requestedOptions = AuthorizationOptionBits(rawValue: UInt((bits >> 20) & 0x1BF))
        return settings
    }

    private func failure(_ message: String) -> String {
        let steps = trace.suffix(12).map { "\($0.0) → \($0.1)" }
        return "\(message)\nafter: \(steps.joined(separator: "\n       "))"
    }

    /// Applies one event to both, and checks everything that must hold after it.
    private mutating func step(_ event: AuthorizationEvent) -> String? {
        let before = machine
        let expected = model.apply(event)
        let actual = machine.handle(event)
        trace.append((event, actual))
        if actual != expected { return failure("effects \(actual), the model expects \(expected)") }
        if machine.settings != model.settings {
            return failure("settings \(machine.settings) ≠ model \(model.settings)")
        }
        if machine.popup != model.pendingPopup { return failure("popup \(String(describing: machine.popup)) ≠ model") }
        if machine.waitingRequests != model.waiters { return failure("waiters \(machine.waitingRequests) ≠ model") }

        // Spoofed, stale, foreign ids and unknown keys change nothing, whatever the model says.
        let currentID = before.popup?.id
        switch event {
        case .clicked(let id, let key):
            let valid = currentID == id && (before.popup?.kind.actionKeys.contains(key) ?? false)
            if !valid && (machine != before || !actual.isEmpty) {
                return failure("a click not for the popup changed state")
            }
        case .closed(let id):
            if currentID != id && (machine != before || !actual.isEmpty) {
                return failure("a foreign close changed state")
            }
        case .request(let request, _):
            requested.insert(request)
        case .popupShown(let id, _):
            shownIDs.append(id)
        default:
            break
        }

        // Every request answered exactly once; persisted settings are the machine's.
        for effect in actual {
            switch effect {
            case .completeRequests(let granted, let requests):
                for request in requests {
                    guard requested.contains(request) else { return failure("answered unknown \(request)") }
                    guard answers[request] == nil else { return failure("\(request) answered twice") }
                    answers[request] = granted
                    coverage[granted ? "granted" : "refused", default: 0] += 1
                }
            case .persist(let settings):
                if settings != machine.settings {
                    return failure("persisted \(settings) but holds \(machine.settings)")
                }
            case .showPrompt: coverage["prompt", default: 0] += 1
            case .showKeepFollowUp: coverage["keep", default: 0] += 1
            case .showTurnOffConfirmation: coverage["turnOff", default: 0] += 1
            case .closePopup: coverage["close", default: 0] += 1
            }
        }
        if machine.settings != before.settings && !actual.contains(.persist(machine.settings)) {
            return failure("settings changed without persist")
        }
        if case .clicked(_, let key) = event, !actual.isEmpty {
            coverage["click " + key, default: 0] += 1
        }

        // Invariants.
        if machine.waitingRequests.isEmpty == (machine.popup?.kind == .permission) {
            return failure("waiters \(machine.waitingRequests) with popup \(String(describing: machine.popup))")
        }
        if let kind = machine.popup?.kind, kind != .permission, machine.settings.authorization != .provisional {
            return failure("\(kind) pending while \(machine.settings.authorization)")
        }
        return nil
    }
}
