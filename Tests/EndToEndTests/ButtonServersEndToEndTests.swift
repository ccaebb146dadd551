import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `unotify send -A` on the servers that draw real buttons besides xfce4-notifyd: the button is
    /// clicked on the real popup with xdotool, and the CLI prints the chosen action. (The permission
    /// prompt and the provisional choices by clicks on every server: `Matrix/`.)
    @Suite(.serialized, .timeLimit(.minutes(2))) struct ButtonServersEndToEndTests {
        @Test(arguments: ["notification-daemon", "mate", "lxqt"])
        func theClickedButtonIsPrinted(_ server: String) async throws {
            let desktop = try await TestDesktop(server: server)
            // At the start of a full `swift test`, when every suite's desktop starts at once,
            // notification-daemon took the notification (it answered with an id) yet never
            // mapped its popup, in three full runs out of three (alone: every time). A send whose
            // popup does not appear within 10 s is cancelled and sent again, at most 3 times;
            // the click and the printed action are then checked as always.
            var attempt = 0
            var started: (process: ChildProcess, id: String)?
            while started == nil {
                attempt += 1
                let process = try UNotifyProcess.start(
                    ["send", "-p", "-A", "yes=Yes", "-A", "no=No", "Proceed?"],
                    busAddress: desktop.busAddress)
                let id = try await process.waitForLine(timeout: 10) { Int($0) != nil }
                do {
                    try await desktop.waitForNewPopup(after: nil, timeout: .seconds(10))
                    started = (process, id)
                } catch  where attempt < 3 {
                    process.send(SIGINT)
                    _ = try await process.wait(timeout: 10)
                }
            }
            guard let (process, id) = started else { return }
            try await desktop.clickButton(index: 1, of: 2)
            #expect(try await process.wait(timeout: 20) == 0)
            #expect(process.standardOutput == "\(id)\nno\n")
        }
    }
}
