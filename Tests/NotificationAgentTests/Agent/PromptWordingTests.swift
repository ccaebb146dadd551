import Testing
@testable import UserNotifications
@testable import NotificationAgent

/// The popups' wording reads whole on every server: GNOME Shell cuts a banner's title at about
/// 40 characters ("“Tea” Would Like to Send You Notificatio…"), so a popup's title is the app's
/// name and its question is the first sentence of the body, which servers wrap instead of cutting.
@Suite struct PromptWordingTests {
    static let languages = PromptStrings.tables.keys.sorted()

    @Test(arguments: languages)
    func eachPopupsTitleIsTheAppsNameAndItsBodyAsksTheQuestion(_ language: String) {
        let strings = PromptStrings(language: language)
        let name = "A Rather Long Application Name"
        for key in ["prompt", "keep", "turnOff"] {
            #expect(strings.text("\(key).title", name) == name, "\(language) \(key).title")
            let body = strings.text("\(key).body", name, "org.example.App")
            #expect(body.contains("“\(name)”"), "\(language) \(key).body names the app: \(body)")
        }
        #expect(strings.text("noButtons.prompt", name, "org.example.App").contains("“\(name)”"))
        #expect(
            strings.text("noButtons.prompt", name, "org.example.App").contains("unotify settings org.example.App allow")
        )
        #expect(
            strings.text("turnOff.body", name, "org.example.App").contains("unotify settings org.example.App allow"))
    }

    @Test(arguments: languages)
    func thePromptNamesWhereTheSettingsLive(_ language: String) {
        let strings = PromptStrings(language: language)
        for key in ["place.gnome", "place.kde", "place.xfce", "place.unotify", "place.portal"] {
            let place = strings.text(key, "org.example.App")
            #expect(!place.isEmpty && place != key, "\(language) has no \(key)")
            let body = strings.text("prompt.body", "Tea", place)
            #expect(body.contains(place), "\(language) \(key): \(body)")
        }
        #expect(strings.text("place.unotify", "org.example.App").contains("unotify settings org.example.App"))
        #expect(
            PromptStrings(language: "en").text("prompt.body", "Tea", strings.text("place.gnome"))
                .hasSuffix("These can be configured in \(strings.text("place.gnome")).") || language != "en")
    }

    @Test func theEnglishPromptAsksInItsFirstSentence() {
        let body = PromptStrings(language: "en").text("prompt.body", "Tea")
        #expect(body.hasPrefix("“Tea” would like to send you notifications."))
    }
}
