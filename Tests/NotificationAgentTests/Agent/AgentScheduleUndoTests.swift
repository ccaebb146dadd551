import Foundation
import NotificationAgentClient
import Testing
import TestSupport
@testable import NotificationAgent

/// Taking back a change whose save failed (`AgentScheduler.undo(_:)`), without a bus: the
/// schedule is as it was before the change, unless a later change touched the same notification.
@Suite struct AgentScheduleUndoTests {
    typealias Fixture = AgentSchedulerTests
    static let now = Fixture.now

    static func identifiers(_ scheduler: AgentScheduler) -> [String] {
        scheduler.pending(app: Fixture.app).map(\.request.identifier)
    }

    @Test func anAddTakenBackLeavesWhatItReplaced() throws {
        let directory = try TemporaryDirectory("unotify-undo")
        var scheduler = Fixture.scheduler(directory)
        let old = Fixture.pending("tea", in: 60)
        scheduler.add(old)
        let added = scheduler.add(Fixture.pending("tea", in: 120))
        let new = scheduler.add(Fixture.pending("coffee", in: 30))
        let refire1 = scheduler.undo(new)
        #expect(!refire1)
        let refire2 = scheduler.undo(added)
        #expect(!refire2)
        #expect(scheduler.pending(app: Fixture.app) == [old])
    }

    @Test func anAddTakenBackAfterALaterAddOfTheSameKeyLeavesTheLaterOne() throws {
        let directory = try TemporaryDirectory("unotify-undo")
        var scheduler = Fixture.scheduler(directory)
        let failed = scheduler.add(Fixture.pending("tea", in: 60))
        let later = Fixture.pending("tea", in: 90)
        scheduler.add(later)
        let refire3 = scheduler.undo(failed)
        #expect(!refire3)
        #expect(scheduler.pending(app: Fixture.app) == [later])
    }

    @Test func anAddTakenBackAfterItWasTakenDueNeverFires() throws {
        let directory = try TemporaryDirectory("unotify-undo")
        var scheduler = Fixture.scheduler(directory)
        let failed = scheduler.add(Fixture.pending("tea", in: -1))
        scheduler.takeDue(now: Self.now)
        #expect(scheduler.readyToFire().count == 1)
        let refire4 = scheduler.undo(failed)
        #expect(!refire4)
        #expect(scheduler.readyToFire().isEmpty)
        #expect(Self.identifiers(scheduler).isEmpty)
    }

    @Test func aRemoveTakenBackPutsBackTheQueuedAndTheDue() throws {
        let directory = try TemporaryDirectory("unotify-undo")
        var scheduler = Fixture.scheduler(directory)
        scheduler.add(Fixture.pending("due", in: -1))
        scheduler.takeDue(now: Self.now)
        scheduler.add(Fixture.pending("later", in: 60))
        let removed = scheduler.removing(app: Fixture.app, identifiers: [])
        #expect(removed.removedCount == 2)
        #expect(Self.identifiers(scheduler).isEmpty)
        let refire5 = scheduler.undo(removed)
        #expect(refire5, "one goes back to firing: it must be fired")
        #expect(Self.identifiers(scheduler) == ["due", "later"])
        #expect(scheduler.readyToFire().map(\.request.identifier) == ["due"])
    }

    @Test func aRemoveTakenBackDoesNotReplaceOneAddedSince() throws {
        let directory = try TemporaryDirectory("unotify-undo")
        var scheduler = Fixture.scheduler(directory)
        scheduler.add(Fixture.pending("tea", in: 60))
        let removed = scheduler.removing(app: Fixture.app, identifiers: ["tea"])
        let again = Fixture.pending("tea", in: 300)
        scheduler.add(again)
        let refire6 = scheduler.undo(removed)
        #expect(!refire6)
        #expect(scheduler.pending(app: Fixture.app) == [again])
    }
}
