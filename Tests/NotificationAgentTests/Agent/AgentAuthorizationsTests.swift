import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import NotificationAgent
@testable import UserNotifications

/// The authorization room without a bus: request numbering, requests that are to fail, the
/// machines kept per app, and the permission prompt's wording and buttons.
@Suite struct AgentAuthorizationsTests {
    static let app = "org.example.Tea"

    static func authorizations(_ directory: TemporaryDirectory) -> AgentAuthorizations {
        AgentAuthorizations(store: SettingsStore(directory: directory.url), strings: PromptStrings(language: "en"))
    }

    @Test func eachRequestGetsANewIdAndALostOneFailsOnce() throws {
        let directory = try TemporaryDirectory("unotify-authorizations")
        var authorizations = Self.authorizations(directory)
        let first = authorizations.newRequest()
        let second = authorizations.newRequest()
        #expect(first != second)
        authorizations.lose([first], "the server went away")
        #expect(authorizations.takeLostReason(second) == nil)
        #expect(authorizations.takeLostReason(first) == "the server went away")
        #expect(authorizations.takeLostReason(first) == nil)
    }

    @Test func aRequestWaitsOnTheAppsMachineUntilItIsForgotten() throws {
        let directory = try TemporaryDirectory("unotify-authorizations")
        var authorizations = Self.authorizations(directory)
        #expect(authorizations.waitingRequests(app: Self.app).isEmpty)
        let request = authorizations.newRequest()
        let effects = try authorizations.handle(.request(request, options: [.alert]), app: Self.app)
        #expect(effects == [.showPrompt([.alert])])
        #expect(authorizations.waitingRequests(app: Self.app) == [request])
        // Forgotten, the machine starts again from the store, where nothing waits.
        authorizations.forget(app: Self.app)
        #expect(authorizations.waitingRequests(app: Self.app).isEmpty)
        #expect(try authorizations.settings(for: Self.app).authorization == .notDetermined)
    }

    @Test func settingsAreReadFromTheStoreForAnAppWithoutAMachine() throws {
        let directory = try TemporaryDirectory("unotify-authorizations")
        let authorizations = Self.authorizations(directory)
        try authorizations.store.update(Self.app) { $0.authorization = .denied }
        #expect(try authorizations.settings(for: Self.app).authorization == .denied)
    }

    @Test func thePermissionPromptIsCriticalResidentWithAllowAndDeny() throws {
        let directory = try TemporaryDirectory("unotify-authorizations")
        let authorizations = Self.authorizations(directory)
        let prompt = authorizations.popup(.permission, app: Self.app)
        #expect(prompt.actions.map(\.key) == [AuthorizationActionKey.allow, AuthorizationActionKey.deny])
        #expect(prompt.actions.allSatisfy { !$0.label.isEmpty })
        #expect(prompt.hints.urgency == .critical)
        #expect(prompt.hints.isResident == true)
        #expect(prompt.expireTimeout == .never)
        #expect(!prompt.summary.isEmpty)
    }

    /// Inside a Flatpak sandbox there is no `unotify settings` to run: the prompt names the
    /// desktop's settings for the app (the portal's permission), in each language.
    @Test(arguments: ["en", "zh-Hans"]) func inASandboxThePromptNamesTheDesktopsSettingsForTheApp(_ language: String)
        throws
    {
        let directory = try TemporaryDirectory("unotify-authorizations")
        let strings = PromptStrings(language: language)
        let sandboxed = AgentAuthorizations(
            store: SettingsStore(directory: directory.url), strings: strings, desktop: PortalPermissionSettings())
        let body = sandboxed.popup(.permission, app: Self.app).body
        #expect(!body.contains("unotify"), "\(body)")
        #expect(body.contains(strings.text("place.portal")), "\(body)")
        let host = AgentAuthorizations(store: SettingsStore(directory: directory.url), strings: strings)
        #expect(host.popup(.permission, app: Self.app).body.contains("unotify settings \(Self.app)"))
        // Turning a provisional app off says how to turn it on again: in a sandbox, by removing
        // the settings the app keeps in its own state folder (seen from the host).
        let turnOff = sandboxed.popup(.turnOffConfirmation, app: Self.app).body
        #expect(!turnOff.contains("unotify settings"), "\(turnOff)")
        #expect(turnOff.contains("~/.var/app/\(Self.app)/.local/state/unotify/settings.json"), "\(turnOff)")
        #expect(host.popup(.turnOffConfirmation, app: Self.app).body.contains("unotify settings \(Self.app) allow"))
    }
}
