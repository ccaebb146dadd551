import Foundation
import Testing

@testable import NotificationAgent

/// The KConfig reader and writer: every byte it does not change is kept, it reads what KDE
/// Frameworks 5's `KConfigIniBackend` reads, and it refuses what KConfig would skip.
@Suite struct KConfigDocumentTests {
    static let plasmaFile = """
        # a comment KConfig itself would drop
        [DoNotDisturb]
        Until=2026,11,25,20,0,0

        [Applications][org.kde.spectacle]
        ShowPopupsInDndMode=true
        Seen=true

        [Applications][org.example.Mail]
        Name[de]=Post
        ShowBadges=false
          ShowPopups = true\u{20}\u{20}
        Unknown\\sKey=\\svalue\\x41\\n

        [Notifications]
        PopupTimeout=5000
        """

    static func document(_ text: String) throws -> KConfigDocument {
        try KConfigDocument(bytes: Array(text.utf8))
    }

    static func value(_ text: String, _ key: String, _ group: [String], locale: String = "C", defaults: [String] = [])
        throws -> String?
    {
        let lookup = KConfigLookup(
            key: key, group: group, defaults: try defaults.map(document), user: try document(text), locale: locale)
        return lookup.value.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func readsNestedGroupsTrimmedEntriesAndEscapes() throws {
        let mail = ["Applications", "org.example.Mail"]
        #expect(try Self.value(Self.plasmaFile, "ShowPopups", mail) == "true")
        #expect(try Self.value(Self.plasmaFile, "ShowBadges", mail) == "false")
        #expect(try Self.value(Self.plasmaFile, "Unknown Key", mail) == " valueA\n")
        #expect(try Self.value(Self.plasmaFile, "Name", mail) == nil)
        #expect(try Self.value(Self.plasmaFile, "Name", mail, locale: "de_DE") == "Post")
        #expect(try Self.value(Self.plasmaFile, "ShowBadges", ["Applications", "org.kde.spectacle"]) == nil)
        #expect(try Self.value(Self.plasmaFile, "PopupTimeout", ["Notifications"]) == "5000")
    }

    @Test func aRoundTripKeepsEveryOtherByte() throws {
        let document = try Self.document(Self.plasmaFile)
        let mail = ["Applications", "org.example.Mail"]
        let unchanged = document.setting([], in: mail)
        #expect(unchanged == Array(Self.plasmaFile.utf8))

        let edited = String(
            decoding: document.setting([("ShowPopups", "false"), ("ShowBadges", nil)], in: mail), as: UTF8.self)
        #expect(
            edited
                == Self.plasmaFile.replacingOccurrences(of: "ShowBadges=false\n", with: "")
                .replacingOccurrences(of: "  ShowPopups = true  \n", with: "")
                .replacingOccurrences(of: "\\n\n\n[Notifications]", with: "\\n\nShowPopups=false\n\n[Notifications]"))
        let back = try Self.document(edited)
        #expect(try Self.value(edited, "ShowPopups", mail) == "false")
        #expect(try Self.value(edited, "ShowBadges", mail) == nil)
        #expect(back.lines.count == document.lines.count - 1)
    }

    @Test func aNewGroupGoesAtTheEndAfterABlankLine() throws {
        let text = "[Notifications]\nPopupTimeout=5000"
        let edited = try Self.document(text).setting(
            [("ShowPopups", "false")], in: ["Applications", "org.example.New"])
        #expect(
            String(decoding: edited, as: UTF8.self)
                == "[Notifications]\nPopupTimeout=5000\n\n[Applications][org.example.New]\nShowPopups=false\n")
        let fromNothing = try Self.document("").setting([("ShowPopups", "false")], in: ["Applications", "a b[c]"])
        #expect(String(decoding: fromNothing, as: UTF8.self) == "[Applications][a b\\x5bc\\x5d]\nShowPopups=false\n")
        #expect(
            try Self.value(String(decoding: fromNothing, as: UTF8.self), "ShowPopups", ["Applications", "a b[c]"])
                == "false")
    }

    @Test func escapingRoundTrips() {
        let samples = [" lead", "trail ", "tab\there", "new\nline", "back\\slash", "eq=ual", "[br]", "ünï"]
        for sample in samples {
            for kind in [KConfigEscaping.Kind.key, .value] {
                let escaped = KConfigEscaping.escape(Array(sample.utf8), as: kind)
                #expect(!escaped.contains(UInt8(ascii: "\n")))
                #expect(KConfigEscaping.unescape(escaped[...]) == Array(sample.utf8), "\(sample) as \(kind)")
            }
        }
        #expect(KConfigEscaping.unescape(Array("a\\;b\\,c\\qd".utf8)[...]) == Array("a\\;b\\,c\\qd".utf8))
    }

    @Test func lockedAndDeletedEntriesAreReadAsKConfigDoes() throws {
        let group = ["Applications", "org.example.Mail"]
        let system = "[Applications][org.example.Mail]\nShowPopups[$i]=false\nShowBadges=false\n"
        let user = "[Applications][org.example.Mail]\nShowPopups=true\nShowBadges[$d]\n"
        let popups = KConfigLookup(
            key: "ShowPopups", group: group, defaults: [try Self.document(system)], user: try Self.document(user),
            locale: "C")
        #expect(popups.value == Array("false".utf8))
        #expect(popups.isImmutable)
        let badges = KConfigLookup(
            key: "ShowBadges", group: group, defaults: [try Self.document(system)], user: try Self.document(user),
            locale: "C")
        #expect(badges.value == nil)
        #expect(badges.hasDefault)
        #expect(!badges.isImmutable)

        let lockedGroup = "[Applications][org.example.Mail][$i]\nShowInHistory=false\n"
        let history = KConfigLookup(
            key: "ShowInHistory", group: group, defaults: [try Self.document(lockedGroup)],
            user: try Self.document("[Applications][org.example.Mail]\nShowInHistory=true\n"), locale: "C")
        #expect(history.value == Array("false".utf8))
        #expect(history.isImmutable)
    }

    @Test func whatKConfigWouldSkipMakesTheFileUnreadable() {
        let broken = [
            "[Applications][org.example.Mail\nShowPopups=false\n",
            "[Applications]\nShowPopups\n",
            "[Applications]\n=false\n",
            "[Applications]\nShowPopups[de=false\n",
            "[Applications]\nShowPopups[de][fr]=false\n",
        ]
        for text in broken {
            #expect(throws: KConfigSyntaxError.self, "\(text)") { try Self.document(text) }
        }
        #expect(throws: KConfigSyntaxError.self) { try KConfigDocument(bytes: [0x5b, 0x00, 0x5d]) }
        // Bytes that are not UTF-8 are read, as KConfig reads them.
        #expect(throws: Never.self) { try KConfigDocument(bytes: Array("[A]\nK=".utf8) + [0xFF, 0xFE, 0x0A]) }
    }

    @Test func booleansAreReadAsKConfigReadsThem() {
        for text in ["false", "FALSE", "no", "Off", "0"] {
            #expect(!PlasmaBehaviorKey.showPopups.flag(Array(text.utf8)), "\(text)")
        }
        for text in ["true", "yes", "1", "", "nope"] {
            #expect(PlasmaBehaviorKey.showPopupsInDndMode.flag(Array(text.utf8)), "\(text)")
        }
        #expect(PlasmaBehaviorKey.showPopups.flag(nil))
        #expect(!PlasmaBehaviorKey.showPopupsInDndMode.flag(nil))
    }
}
