import DBus
import Testing

@testable import NotificationAgentClient

/// When an app's client takes the agent over: only when the agent's name is left without an
/// owner by an app that hosted it, whichever of the host's two names the bus reports released
/// first; never when `unotifyd` takes the name from an app, nor when `unotifyd` exits (no loop).
@Suite struct AppHostWatchTests {
    static let app = ":1.7"
    static let otherApp = ":1.9"
    static let daemon = ":1.12"

    static func agent(_ old: String?, _ new: String?) -> DBusConnection.NameOwnerChange {
        .init(name: AgentBusName.standard.rawValue, oldOwner: old, newOwner: new)
    }

    static func appHost(_ old: String?, _ new: String?) -> DBusConnection.NameOwnerChange {
        .init(name: AgentBusName.appHost.rawValue, oldOwner: old, newOwner: new)
    }

    /// For each of `changes` in turn, whether the watch that starts from `agent` and `appHost`
    /// says to take the agent over.
    static func takeOvers(agent: String?, appHost: String?, _ changes: [DBusConnection.NameOwnerChange]) -> [Bool] {
        var watch = AppHostWatch(agent: agent, appHost: appHost)
        return changes.map { watch.take($0) }
    }

    @Test func anAppHostLeavingIsTakenOverWhicheverNameGoesFirst() {
        #expect(
            Self.takeOvers(
                agent: Self.app, appHost: Self.app, [Self.appHost(Self.app, nil), Self.agent(Self.app, nil)])
                == [false, true])
        #expect(
            Self.takeOvers(
                agent: Self.app, appHost: Self.app, [Self.agent(Self.app, nil), Self.appHost(Self.app, nil)])
                == [true, false])
    }

    @Test func aHostSeenStartingIsTakenOverOnceWhenItLeaves() {
        let changes = [
            Self.agent(nil, Self.app), Self.appHost(nil, Self.app), Self.agent(Self.app, nil),
            Self.appHost(Self.app, nil),
        ]
        #expect(Self.takeOvers(agent: nil, appHost: nil, changes) == [false, false, true, false])
    }

    @Test func unotifydTakingTheNameFromAnAppAndThenExitingIsNotTakenOver() {
        // The app stops once unotifyd has the name; unotifyd exits later, or before the app's
        // own name is released.
        #expect(
            Self.takeOvers(
                agent: Self.app, appHost: Self.app,
                [Self.agent(Self.app, Self.daemon), Self.appHost(Self.app, nil), Self.agent(Self.daemon, nil)])
                == [false, false, false])
        #expect(
            Self.takeOvers(
                agent: Self.app, appHost: Self.app,
                [Self.agent(Self.app, Self.daemon), Self.agent(Self.daemon, nil), Self.appHost(Self.app, nil)])
                == [false, false, false])
    }

    @Test func unotifydExitingIsNotTakenOver() {
        #expect(Self.takeOvers(agent: Self.daemon, appHost: nil, [Self.agent(Self.daemon, nil)]) == [false])
    }

    @Test func aNewHostTakesItsNameFromOneStillStopping() {
        let changes = [
            Self.agent(nil, Self.otherApp), Self.appHost(Self.app, Self.otherApp), Self.agent(Self.otherApp, nil),
        ]
        #expect(Self.takeOvers(agent: nil, appHost: Self.app, changes) == [false, false, true])
    }

    @Test func otherNamesBelowTheAgentsAreIgnored() {
        let other = DBusConnection.NameOwnerChange(name: "org.unotify.Agent.Other", oldOwner: nil, newOwner: Self.app)
        #expect(Self.takeOvers(agent: Self.app, appHost: nil, [other, Self.agent(Self.app, nil)]) == [false, false])
    }
}
