import DBus
import FreedesktopNotifications
import NotificationCapture
import Testing

/// `unotify capture`'s parts that need no bus: how an `--answer` is read and what it matches,
/// the servers it pretends to be, and how a hint's D-Bus value is written as JSON.
struct CaptureAnswerTests {
    static func notification(summary: String = "Tea", actions: [String], fromAgent: Bool = true)
        -> CapturedNotification
    {
        let request = NotifyRequest(
            appName: "Tea", summary: summary, actions: actions.map { NotificationAction(key: $0, label: $0) })
        return CapturedNotification(
            id: ServerNotificationID(rawValue: 1), request: request, arguments: request.arguments, sender: ":1.1",
            fromAgent: fromAgent)
    }

    @Test func eachPopupWordBecomesItsActionKeyAndMatchesOnlyThatPopup() throws {
        let allow = try CaptureAnswer(parsing: "prompt=allow")
        #expect(allow.response == .action("allow"))
        #expect(allow.matches(Self.notification(actions: ["allow", "deny"])))
        #expect(!allow.matches(Self.notification(actions: ["allow", "deny"], fromAgent: false)))
        #expect(!allow.matches(Self.notification(actions: ["default", "drink"])))
        let keep = try CaptureAnswer(parsing: "provisional=keep")
        #expect(keep.response == .action("unotify-keep"))
        #expect(keep.matches(Self.notification(actions: ["unotify-keep", "unotify-turn-off"])))
        #expect(try CaptureAnswer(parsing: "keep-choice=quiet").response == .action("quiet"))
        #expect(try CaptureAnswer(parsing: "turn-off-choice=turn-off-all").response == .action("turn-off-all"))
    }

    @Test func summariesAppsActionsClosesAndRepliesAreRead() throws {
        let drink = try CaptureAnswer(parsing: "summary:Tea time=action:drink")
        #expect(drink.target == .summary("Tea time") && drink.response == .action("drink"))
        #expect(drink.matches(Self.notification(summary: "Tea time", actions: [], fromAgent: false)))
        #expect(!drink.matches(Self.notification(summary: "Tea", actions: [])))
        #expect(try CaptureAnswer(parsing: "app:Tea=close:dismissed").response == .close(.dismissed))
        #expect(try CaptureAnswer(parsing: "any=close:closed").response == .close(.closedByCall))
        // Only the first '=' separates: the reply keeps its own.
        #expect(try CaptureAnswer(parsing: "any=reply:a=b").response == .reply("a=b"))
    }

    @Test(arguments: [
        ("prompt", "TARGET=ANSWER"), ("popup=allow", "unknown target popup"),
        ("prompt=keep", "unknown answer keep; use allow, deny,"), ("summary:Tea=drink", "unknown answer drink"),
        ("any=close:later", "close with expired, dismissed, closed or undefined"), ("any=action:", "unknown answer"),
    ])
    func aWrongAnswerSaysWhatToWrite(_ text: String, _ message: String) {
        #expect {
            try CaptureAnswer(parsing: text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func theServerProfilesSelectTheQuirksTableRowsOfTheirServers() throws {
        // dunst 1.9 follows the specification: the table has no row for it.
        let withRows = CapturePersona.table.filter { !ServerQuirk.rows(for: $0.information).isEmpty }.map(\.name)
        #expect(withRows == ["gnome-shell", "plasma", "notify-osd"])
        let notifyOSD = try CapturePersona.named("notify-osd")
        #expect(
            !ServerProfile(information: notifyOSD.information, capabilities: ServerCapabilities(notifyOSD.capabilities))
                .showsActions)
        #expect(throws: CaptureError.self) { try CapturePersona.named("xfce") }
    }

    @Test func hintValuesKeepTheirTypes() {
        let image = DBusValue.structure([
            .int32(1), .int32(1), .int32(4), .boolean(true), .int32(8), .int32(4),
            .array(element: .byte, [.byte(255), .byte(0), .byte(0), .byte(255)]),
        ])
        #expect(
            CaptureJSON.typed(image) == #"{"type":"(iiibiiay)","value":[1,1,4,true,8,4,[255,0,0,255]]}"#)
        #expect(CaptureJSON.typed(.byte(2)) == #"{"type":"y","value":2}"#)
        #expect(CaptureJSON.value(.string("a\"\n")) == #""a\"\n""#)
        #expect(CaptureJSON.value(.double(.nan)) == #""nan""#)
    }
}
