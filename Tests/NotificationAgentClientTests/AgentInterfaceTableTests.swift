import DBus
import Testing
@testable import NotificationAgentClient

/// The agent's interface table (`AgentMethod`, `AgentSignal`) is well formed: what the agent
/// routes by, the client calls by and the XML is made from.
@Suite struct AgentInterfaceTableTests {
    @Test func everySignatureIsValidAndEveryNameUnique() throws {
        let description = AgentInterface.description
        #expect(Set(description.methods.map(\.name)).count == description.methods.count)
        #expect(Set(description.signals.map(\.name)).count == description.signals.count)
        for method in description.methods {
            for argument in method.arguments + method.reply {
                // Each argument is one complete type.
                #expect(try DBusSignature.parseList(argument.type).count == 1, "\(method.name).\(argument.name)")
            }
            #expect(!method.documentation.isEmpty, "\(method.name) is undocumented")
        }
        for signal in description.signals {
            for argument in signal.arguments {
                #expect(try DBusSignature.parseList(argument.type).count == 1, "\(signal.name).\(argument.name)")
            }
        }
    }

    /// Every method but those that concern no one app (`ListApps`, `Reply`, `GetDesktop`, `PushStatus`, `PushServers`, `GetVersion`,
    /// `Relay`, which shows a notify-send notification) takes the app identifier first, as the agent's
    /// dispatch reads it.
    @Test func methodsTakeTheAppFirst() {
        for method in AgentMethod.allCases
        where ![.listApps, .reply, .getDesktop, .pushStatus, .pushServers, .relay, .getVersion].contains(method) {
            #expect(method.description.arguments.first == DBusArgumentDescription("app", "s"), "\(method.rawValue)")
        }
        #expect(AgentMethod.allCases.map(\.rawValue) == AgentInterface.description.methods.map(\.name.rawValue))
    }
}
