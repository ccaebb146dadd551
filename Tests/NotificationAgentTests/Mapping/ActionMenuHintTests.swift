import FreedesktopNotifications
import Testing
@testable import UserNotifications
@testable import NotificationAgent

/// The line naming a notification's choices where the server draws no buttons (mako).
@Suite struct ActionMenuHintTests {
    static func profile(_ name: String, _ capabilities: [String] = ["actions", "body", "body-markup"]) -> ServerProfile
    {
        ServerProfile(
            information: ServerInformation(name: name, vendor: "v", version: "0.0.0", specVersion: "1.2"),
            capabilities: ServerCapabilities(capabilities))
    }

    static func request(body: String, _ actions: [(String, String)]) -> NotifyRequest {
        NotifyRequest(
            appName: "Tea", summary: "Tea", body: body,
            actions: actions.map { NotificationAction(key: $0.0, label: $0.1) })
    }

    @Test func theChoicesAndTheMenuCommandBecomeTheFirstLineOfTheBody() throws {
        let hint = try #require(ActionMenuHint(profile: Self.profile("mako"), strings: PromptStrings(language: "en")))
        let shown = hint.applied(
            to: Self.request(
                body: "Tea is ready",
                [
                    ("default", "Open"), ("a", "Snooze"),
                    ("b", "Drink"), ("c", "Milk & <Sugar>"),
                ]))
        #expect(shown.body == "Choose “Snooze”, “Drink” or “Milk &amp; &lt;Sugar&gt;” with makoctl menu\nTea is ready")
        #expect(shown.actions.count == 4, "the actions themselves are kept: makoctl menu offers them")
    }

    @Test func oneChoiceAnEmptyBodyAndChineseReadWhole() throws {
        let hint = try #require(
            ActionMenuHint(profile: Self.profile("mako", ["actions"]), strings: PromptStrings(language: "zh-Hans")))
        let shown = hint.applied(to: Self.request(body: "", [("a", "A & B"), ("b", "C")]))
        #expect(
            shown.body == "选择“A & B”或“C”（使用 makoctl menu）",
            "no markup read: nothing escaped")
    }

    @Test func nothingIsAddedWithoutChoicesOrWhereButtonsAreDrawn() {
        let english = PromptStrings(language: "en")
        let clickOnly = Self.request(body: "Lunch?", [("default", "Open")])
        #expect(ActionMenuHint.applied(to: clickOnly, profile: Self.profile("mako"), strings: english) == clickOnly)
        let prompt = Self.request(body: "May it?", [("allow", "Allow"), ("deny", "Don’t Allow")])
        #expect(ActionMenuHint.applied(to: prompt, profile: Self.profile("dunst"), strings: english) == prompt)
        #expect(ActionMenuHint.applied(to: prompt, profile: nil, strings: english) == prompt)
        #expect(
            ActionMenuHint.applied(to: prompt, profile: Self.profile("mako"), strings: english).body
                == "Choose “Allow” or “Don’t Allow” with makoctl menu\nMay it?")
    }
}
