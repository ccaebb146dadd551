import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `unotify send -A` on the servers that draw real buttons besides xfce4-notifyd: the button is
    /// clicked on the real popup with xdotool, and the CLI prints the chosen action. (The permission
    /// prompt and the provisional choices by clicks on every server: `Matrix/`.)
    @Suite(.serialized, .timeLimit(.minutes(2))) struct ButtonServersEndToEndTests {
        @Test(arguments: ["notification-daemon", "mate", "lxqt", "lxqt-2.4"])
        func theClickedButtonIsPrinted(_ server: String) async throws {
            let desktop = try await TestDesktop(server: server)
            // -t 0: the popup stays until it is answered. At the start of a full `swift test`,
            // with every suite's desktop starting at once, the click took longer than
            // notification-daemon's default expiry, and the popup was gone before it (seen: a
            // popup shown, then 0 popups in 118 looks over 30 s).
            let process = try UNotifyProcess.start(
                ["send", "-p", "-t", "0", "-A", "yes=Yes", "-A", "no=No", "Proceed?"],
                busAddress: desktop.busAddress)
            let id = try await process.waitForLine(timeout: 10) { Int($0) != nil }
            try await desktop.clickButton(index: 1, of: 2)
            #expect(try await process.wait(timeout: 20) == 0)
            #expect(process.standardOutput == "\(id)\nno\n")
        }
    }
}
