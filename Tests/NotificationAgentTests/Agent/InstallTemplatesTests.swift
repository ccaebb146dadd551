import Foundation
import TestSupport
import Testing
@testable import NotificationAgent

/// `scripts/install` writes the agent's activation file and systemd unit from the templates in
/// `dbus/`; `unotifyd --install` writes them from `AgentInstallation`. Both must say the same.
@Suite struct InstallTemplatesTests {
    /// The template with its `#` comment lines dropped and the agent's path filled in, as
    /// `scripts/install` does.
    private func filled(_ name: String, executable: String) throws -> String {
        let text = try String(contentsOf: PackageRoot.url.appendingPathComponent("dbus/\(name)"), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("#") }
            .joined(separator: "\n")
            .replacingOccurrences(of: "@UNOTIFYD@", with: executable)
    }

    @Test func theActivationTemplateIsWhatUnotifydInstallWrites() throws {
        let executable = "/opt/unotify/bin/unotifyd"
        #expect(
            try filled("org.unotify.Agent.service.in", executable: executable)
                == AgentInstallation.serviceFile(executable: executable))
    }

    @Test func theUnitTemplateIsWhatUnotifydInstallWrites() throws {
        let executable = "/opt/unotify/bin/unotifyd"
        #expect(
            try filled("unotifyd.service.in", executable: executable)
                == AgentInstallation.unitFile(executable: executable))
    }
}
