import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import NotificationAgent

/// A flood of messages that do not decrypt, for a real token: none of their ids is recorded as
/// seen (they would push the real ones out of the replay window), and the log says how many
/// were left out instead of one line each.
@Suite(.timeLimit(.minutes(2))) struct AgentPushFloodTests {
    typealias Connector = AgentPushConnectorTests

    @Test func junkIdsDoNotPushARealOneOutOfTheReplayWindow() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        try await Connector.allow(rig)
        let subscription = try Connector.Subscription(try await rig.client.registerPush(app: Connector.app))
        let token = try await Connector.token(distributor)
        let sender = await distributor.connection.uniqueName
        let real = try subscription.encrypt(Connector.alert)
        _ = try await rig.agent.connectorCalled(
            Connector.connectorMessage(real, token: token, id: "real", sender: sender))
        #expect(try await rig.fake.nextCall().request.summary == "Ann")
        let junk = Data(repeating: 7, count: 120)
        for index in 0...RecentMessageIDs.defaultCapacity {
            _ = try await rig.agent.connectorCalled(
                Connector.connectorMessage(junk, token: token, id: "junk-\(index)", sender: sender))
        }
        // The distributor sends the real one again (no acknowledgement reached it): a replay.
        _ = try await rig.agent.connectorCalled(
            Connector.connectorMessage(real, token: token, id: "real", sender: sender))
        let counts = await rig.agent.pushStatus().1
        #expect(counts["replayed"] == 1, "\(counts)")
        #expect(counts["undecryptable"] == UInt32(RecentMessageIDs.defaultCapacity + 1))
        #expect(try await rig.shownBeforeMarker() == [], "the real message was shown twice")
        await distributor.stop()
    }

    @Test func aFloodOfLogLinesIsSummarized() {
        var throttle = PushLogThrottle()
        let start = ContinuousClock.now
        var printed: [String] = []
        for index in 0..<10_000 {
            printed += throttle.lines(for: "a message for org.example.Chat was dropped: \(index)", at: start)
        }
        #expect(printed.count == PushLogThrottle.linesPerWindow)
        // The next line after the window says how many were left out, then is printed itself.
        let later = throttle.lines(for: "the next one", at: start + PushLogThrottle.window + .seconds(1))
        #expect(
            later == [
                "\(10_000 - PushLogThrottle.linesPerWindow) more push lines like these were left out in 60 s",
                "the next one",
            ])
        // A flush at the window's end says it without waiting for another line.
        for index in 0..<100 { _ = throttle.lines(for: "again \(index)", at: start + .seconds(62)) }
        #expect(
            throttle.flush(at: start + .seconds(200))
                == "\(100 + 1 - PushLogThrottle.linesPerWindow) more push lines like these were left out in 60 s")
        #expect(throttle.flush(at: start + .seconds(300)) == nil)
    }
}
