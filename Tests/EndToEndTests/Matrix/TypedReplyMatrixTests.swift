import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A `UNTextInputNotificationAction` on every real server. Where the server has no reply
    /// field, the user clicks *Reply* with the server's own click, reads the number from the
    /// "Reply to …" notification and types `unotify reply NUMBER TEXT`: the text reaches
    /// `unotify listen`, once, even where the server closes the clicked popup
    /// (notification-daemon and xfce4-notifyd send `NotificationClosed(2)` after the click, the
    /// reason of a dismissal: the category has `customDismissAction`, and no dismissal may come
    /// before or instead of the reply). Plasma draws its own reply field (`inline-reply`), typed
    /// into here as in `PlasmaInlineReplyEndToEndTests`; notify-osd draws no buttons, so the
    /// action cannot be reached there and `server --explain` says so.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct TypedReplyMatrixTests {
        static let categories = """
            [{"identifier": "message", "options": ["customDismissAction"],
              "actions": [{"identifier": "like", "title": "Like"},
                          {"identifier": "reply", "title": "Reply", "textInput": {"buttonTitle": "Send", "placeholder": "Message"}}]}]
            """

        /// The number a "Reply to …" body shows, such as `4F7Q-9K2M-XR3T-8W1V`.
        static func number(in body: String) -> String? {
            body.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).first { word in
                let groups = word.split(separator: "-", omittingEmptySubsequences: false)
                return groups.count == 4
                    && groups.allSatisfy { $0.count == 4 && $0.allSatisfy { $0.isLetter || $0.isNumber } }
            }
        }

        @Test(arguments: MatrixServer.all)
        func aTypedReplyReachesTheAppOnce(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            let app = "org.example.Chat"
            let file = session.state.url.appendingPathComponent("categories.json")
            try Self.categories.write(to: file, atomically: true, encoding: .utf8)
            try await session.allow(app)
            #expect(try await session.unotify(["categories", "--app", app, "--set", file.path]).status == 0)
            // Started before the click: a dismissal reported for the click would reach it first.
            let listen = try session.start(["listen", "--app", app, "--count", "1"])
            defer { listen.stop() }
            try await session.waitForListening()
            // It stays until it is clicked (notification-daemon's default expiry can come first on a
            // loaded machine); notify-osd turns one that never expires into a dialog (id 0).
            let stays = server.hand == .none ? [] : ["-t", "0"]
            let sent = try await session.unotify(
                ["send", "--app", app, "--id", "m1", "-c", "message"] + stays + ["Ann", "Lunch?"])
            #expect(sent.status == 0, "\(sent.stderr)")
            let notify = try #require(try await session.monitor.waitForNotify(count: 1).first)
            if server.hand == .none {
                // notify-osd: no buttons, so no reply; a bubble, and the user is told.
                #expect(notify.actions.isEmpty)
                #expect((notify.returnedID ?? 0) > 0, "a bubble, not notify-osd's fallback dialog (id 0)")
                let explained = try await session.output(["server", "--explain"])
                #expect(explained.contains("no reply field"), "\(explained)")
                return
            }
            if server.takesInlineReply {
                // Plasma: its own reply field, no fallback.
                #expect(notify.actionKeys == ["default", "like", "inline-reply"], "\(notify.actions)")
                try await session.desktop.typeInlineReply("On my way", buttons: 2)
            } else {
                #expect(notify.actionKeys.contains("reply"), "\(notify.actions)")
                try await session.answer("reply", button: 1, of: 2, notifyCount: 1)
                let instructions = try #require(try await session.monitor.waitForNotify(count: 2).last)
                #expect(instructions.summary.hasPrefix("Reply to"), "\(instructions.summary)")
                let number = try #require(Self.number(in: instructions.body), "\(instructions.body)")
                let replied = try await session.unotify(["reply", number, "On my way"])
                #expect(replied.status == 0, "\(replied.stderr); the server sent: \(Self.events(session))")
                // The "Reply to …" notification has done its work: the agent takes it down.
                let shownAt = try #require(instructions.returnedID)
                try await Eventually.wait(timeout: .seconds(10), "the agent takes \"Reply to …\" (\(shownAt)) down") {
                    session.monitor.messages.contains {
                        $0.kind == "method call" && $0.sender != session.monitor.forwarder
                            && ($0.member == "CloseNotification" && $0.scalar(0) == String(shownAt)
                                || $0.member == "Notify" && $0.scalar(1) == String(shownAt))
                    }
                }
            }
            #expect(try await listen.wait(timeout: 20) == 0, "\(listen.standardError)")
            let lines = listen.standardOutput.split(separator: "\n")
            #expect(lines.count == 1, "\(listen.standardOutput)")
            #expect(
                listen.standardOutput.contains(#""identifier":"m1","action":"reply""#),
                "\(listen.standardOutput); the server sent: \(Self.events(session))")
            #expect(listen.standardOutput.contains(#""text":"On my way""#), "\(listen.standardOutput)")
            print(
                "TypedReplyMatrixTests: \(server.name): the server sent \(Self.events(session)); "
                    + "listen printed \(lines.count) response(s)")
        }

        /// The server's signals, for a failure's message.
        static func events(_ session: MatrixSession) -> [String] {
            session.monitor.messages.filter { $0.member == "ActionInvoked" || $0.member == "NotificationClosed" }
                .map { "\($0.member ?? "")(\($0.scalar(0) ?? ""), \($0.scalar(1) ?? ""))" }
        }
    }
}
