import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Synchronization
import Testing
import TestSupport
@testable import UserNotifications

/// The number the typed-reply fallback shows: 80 random bits in four groups of four Crockford
/// base32 characters, taken in any case with or without dashes, and wrong numbers are rate-limited.
@Suite(.timeLimit(.minutes(1))) struct AgentReplyNumberTests {
    static let alphabet = Set("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    /// The reply number a fallback notification's body shows, such as `4F7Q-9K2M-XR3T-8W1V`.
    static func number(in body: String) -> String? {
        body.split(separator: " ").lazy.map(String.init).first { word in
            let groups = word.split(separator: "-", omittingEmptySubsequences: false)
            return groups.count == 4 && groups.allSatisfy { $0.count == 4 && $0.allSatisfy(alphabet.contains) }
        }
    }

    /// Delivers a message and clicks its text-input action: the number the fallback showed.
    static func askForReply(_ rig: AgentTests.Rig, _ identifier: String = "m1") async throws -> String {
        let call = try await AgentResponseTests.deliver(rig, identifier)
        try await rig.fake.emit(.actionInvoked(call.id, actionKey: "reply"))
        let instructions = try await rig.fake.nextCall()
        return try #require(number(in: instructions.request.body), "\(instructions.request.body)")
    }

    @Test func theNumberIsFourGroupsOfFourAndNeverTheSameTwice() async throws {
        let rig = try await AgentResponseTests.authorizedRig()
        let first = try await Self.askForReply(rig, "m1")
        let second = try await Self.askForReply(rig, "m2")
        #expect(first != second)
    }

    @Test func theNumberIsTakenInLowerCaseWithoutDashes() async throws {
        let rig = try await AgentResponseTests.authorizedRig()
        var responses = try await rig.client.listen(app: "org.example.Chat").makeAsyncIterator()
        let number = try await Self.askForReply(rig)
        try await rig.client.reply(token: number.lowercased().replacingOccurrences(of: "-", with: ""), text: "Yes")
        let reply = try await responses.next()
        #expect(reply?.userText == "Yes")
    }

    /// A flood of wrong numbers is refused as such, then every reply for a while (so a guesser
    /// learns nothing); once the limit's window has passed, the right number is taken. The
    /// agent's clock is the test's, held still during the flood and moved on after it, so the
    /// verdict does not depend on how fast a loaded machine answers forty calls.
    @Test func aFloodOfWrongNumbersIsRefusedThenTheRightOneIsTaken() async throws {
        let clock = HeldClock()
        let rig = try await AgentResponseTests.authorizedRig(monotonicClock: { clock.now })
        var responses = try await rig.client.listen(app: "org.example.Chat").makeAsyncIterator()
        let number = try await Self.askForReply(rig)
        let client = rig.client
        let messages = await withTaskGroup(of: String?.self) { group in
            for guess in 0..<40 {
                group.addTask {
                    do {
                        try await client.reply(token: String(format: "%06d", guess), text: "guess")
                        return nil
                    } catch {
                        return (error as? AgentError)?.message ?? "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { if let message = $1 { $0.append(message) } }
        }
        #expect(messages.count == 40)
        #expect(messages.contains { $0.contains("too many wrong reply numbers") }, "\(messages.last ?? "")")
        // Still refused while the window lasts, the right number too.
        let refused = await #expect(throws: AgentError.self) { try await client.reply(token: number, text: "Yes") }
        #expect(refused?.message.contains("too many") == true)
        clock.advance(by: .seconds(2))
        try await client.reply(token: number, text: "Yes")
        let reply = try await responses.next()
        #expect(reply?.userText == "Yes")
    }
}

/// A monotonic clock that moves only when told.
final class HeldClock: Sendable {
    private let instant = Mutex(ContinuousClock.now)
    var now: ContinuousClock.Instant { instant.withLock { $0 } }
    func advance(by duration: Duration) { instant.withLock { $0 += duration } }
}
