import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import UserNotificationsCore

/// The agent's delivery room: the apps' categories (`categories.json`), the agent's copies of
/// attached images, the sound player, and the one step that turns a request into what the
/// server is sent (`plan(_:app:settings:profile:presentation:strings:)`).
///
/// Kept by the `NotificationAgent` actor; whether a request may be shown, the `Notify` call and
/// what is on screen afterwards are in `NotificationAgent+Delivery.swift`.
struct AgentDelivery: Sendable {
    /// Each app's categories, with their actions.
    let categories: CategoryStore
    /// The agent's own copies of attached images, kept while a notification shows them.
    let attachments: AttachmentKeeper
    /// Plays the sounds the server does not play.
    let soundPlayer: SoundPlayer

    init(directory: URL, soundPlayer: SoundPlayer) {
        categories = CategoryStore(directory: directory)
        attachments = AttachmentKeeper(stateDirectory: directory)
        self.soundPlayer = soundPlayer
    }

    /// The app's category named `identifier`; `nil` for none (or an empty identifier).
    func category(app: String, identifier: String) throws -> CategoryRecord? {
        guard !identifier.isEmpty else { return nil }
        return try categories.categories(for: app).first { $0.identifier == identifier }
    }

    /// How `request` is shown for `app` on the server `profile` describes: the app's settings,
    /// its category, the running delegate's `presentation` (if it answered) and the server's
    /// abilities decide the `Notify` arguments, the badge and the sound the agent plays.
    func plan(
        _ request: DeliveryRequest, app: String, settings: AppSettings, profile: ServerProfile,
        presentation: PresentationOptionBits?, strings: PromptStrings
    ) throws -> PresentationMapping.Plan {
        let soundSupport = SoundHintSupport.forServer(profile)
        let entry = AppDesktopEntry.find(app: app)
        var plan = PresentationMapping.plan(
            request, settings: settings, capabilities: profile.capabilities,
            appName: AppDisplayName.name(for: app, entry: entry), desktopEntry: entry?.id,
            replacing: .unassigned,
            labels: (strings.text("provisional.keep"), strings.text("provisional.turnOff")),
            serverPlaysSoundHints: soundSupport.serverPlaysSoundHints,
            category: try category(app: app, identifier: request.categoryIdentifier),
            openLabel: strings.text("action.open"),
            server: profile.information, noButtonsNote: strings.text("noButtons.provisional", app, app))
        plan.notify.hints.set(DeliveryRequest.appIDHint, .string(app))
        // The app's icon from its desktop entry, unless the request names one of its own.
        if plan.notify.appIcon.isEmpty, let icon = entry?.icon { plan.notify.appIcon = icon }
        if let presentation { PresentationMapping.apply(presentation, to: &plan) }
        plan.notify = ActionMenuHint.applied(to: plan.notify, profile: profile, strings: strings)
        if soundSupport == .playsSoundFile, let name = plan.notify.hints.soundName {
            // The server plays only `sound-file`: send the theme name resolved to its file.
            plan.notify.hints.soundFile = soundPlayer.resolve(name: name, app: app)
            plan.notify.hints.soundName = nil
        }
        return plan
    }
}
