import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// The built CLI against real notify-osd (with a compositor, as test-desktop starts it): a server
    /// without actions. notify-send's behaviour for actions there: a message, then the notification
    /// is shown non-interactively and the exit status is 1.
    @Suite(.serialized, .timeLimit(.minutes(2))) struct NotifyOSDEndToEndTests {
        @Test func aPlainNotificationIsSent() async throws {
            let desktop = try await TestDesktop(server: "notify-osd")
            let sent = try await UNotifyProcess.run(
                ["send", "-p", "Hello", "From notify-osd"], busAddress: desktop.busAddress)
            #expect(sent.status == 0)
            #expect((Int(sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0)
        }

        @Test func serverCommandNamesNotifyOSDWithoutActions() async throws {
            let desktop = try await TestDesktop(server: "notify-osd")
            let result = try await UNotifyProcess.run(["server", "--json"], busAddress: desktop.busAddress)
            #expect(result.status == 0)
            #expect(result.stdout.contains(#""name":"notify-osd""#))
            #expect(!result.stdout.contains(#""actions""#))
        }

        @Test func actionsAreRefusedAsNotifySendRefusesThem() async throws {
            let desktop = try await TestDesktop(server: "notify-osd")
            let sent = try await UNotifyProcess.run(["send", "-A", "ok=OK", "Deploy?"], busAddress: desktop.busAddress)
            #expect(sent.status == 1)
            #expect(
                sent.stderr.contains(
                    "Actions are not supported by this notifications server. Displaying non-interactively."))
        }

        /// The prompt's fallback itself is in `PromptMatrixTests`; here, what the user is told.
        @Test func serverExplainSaysHowButtonsDegrade() async throws {
            let desktop = try await TestDesktop(server: "notify-osd")
            let explain = try await UNotifyProcess.run(["server", "--explain"], busAddress: desktop.busAddress)
            #expect(explain.status == 0)
            #expect(explain.stdout.contains("degrades buttons"))
            #expect(explain.stdout.contains("unotify settings APP allow|deny"))
        }
    }
}
