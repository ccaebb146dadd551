import NotificationAgentClient
import Testing
@testable import NotificationAgent
@testable import UserNotifications

/// The responses room without a bus: responses go to listeners or wait in the app's queue, and
/// a connection that leaves stops being a listener and a presenter.
@Suite struct ResponseRouterTests {
    static func response(_ app: String, _ action: String) -> ResponseRecord {
        ResponseRecord(
            app: app, request: DeliveryRequest(identifier: "tea", title: "Tea"), deliveredAt: 0,
            actionIdentifier: action)
    }

    @Test func responsesWaitForTheAppsFirstListener() {
        var router = ResponseRouter()
        #expect(router.route(Self.response("org.example.Tea", "one")).isEmpty)
        #expect(router.route(Self.response("org.example.Mail", "other")).isEmpty)
        let queued = router.addListener(":1.7", app: "org.example.Tea")
        #expect(queued.map(\.actionIdentifier) == ["one"])
        #expect(router.route(Self.response("org.example.Tea", "two")) == [":1.7"])
        #expect(router.addListener(":1.8", app: "org.example.Tea").isEmpty)
        #expect(router.queued["org.example.Mail"]?.map(\.actionIdentifier) == ["other"])
    }

    @Test func aListenTakenBackQueuesItsResponsesBeforeTheNewerOnes() {
        var router = ResponseRouter(queued: ["org.example.Tea": [Self.response("org.example.Tea", "one")]])
        let taken = router.addListener(":1.7", app: "org.example.Tea")
        #expect(taken.map(\.actionIdentifier) == ["one"])
        // A response while the taking is being saved goes to the new listener, not the queue.
        #expect(router.route(Self.response("org.example.Tea", "two")) == [":1.7"])
        router.undoListen(":1.7", app: "org.example.Tea", taken: taken)
        #expect(router.listeners.isEmpty)
        #expect(router.route(Self.response("org.example.Tea", "three")).isEmpty)
        #expect(router.queued["org.example.Tea"]?.map(\.actionIdentifier) == ["one", "three"])
    }

    @Test func theQueuesAreBoundedPerAppAndInAll() {
        var router = ResponseRouter()
        for index in 0..<(ResponseRouter.limit + 5) { _ = router.route(Self.response("org.example.Tea", "\(index)")) }
        #expect(router.queued["org.example.Tea"]?.count == ResponseRouter.limit)
        #expect(router.queued["org.example.Tea"]?.first?.actionIdentifier == "5", "the oldest give way")
        let apps = ResponseRouter.totalLimit / ResponseRouter.limit + 1
        for app in 0..<apps {
            for index in 0..<ResponseRouter.limit {
                _ = router.route(Self.response("org.example.App\(app)", "\(index)"))
            }
        }
        #expect(router.queued.values.reduce(0) { $0 + $1.count } == ResponseRouter.totalLimit)
    }

    @Test func aConnectionThatLeavesIsNeitherListenerNorPresenter() {
        var router = ResponseRouter()
        _ = router.addListener(":1.7", app: "org.example.Tea")
        router.setPresenter(":1.7", app: "org.example.Tea")
        router.setPresenter(":1.9", app: "org.example.Mail")
        router.removeListener(":1.7")
        #expect(router.presenters == ["org.example.Mail": ":1.9"])
        #expect(router.listeners.isEmpty)
        #expect(router.route(Self.response("org.example.Tea", "late")).isEmpty)
    }

    @Test func theFirstLiveRegistrationPresentsAndTheNextWaitsItsTurn() {
        var router = ResponseRouter()
        let first = router.setPresenter(":1.7", app: "org.example.Tea")
        let second = router.setPresenter(":1.9", app: "org.example.Tea")
        #expect(first && !second)
        #expect(router.presenter(for: "org.example.Tea") == ":1.7")
        router.removeListener(":1.9")
        router.setPresenter(":1.10", app: "org.example.Tea")
        router.removeListener(":1.7")
        #expect(router.presenter(for: "org.example.Tea") == ":1.10")
        router.presenterWentSilent(":1.10")
        #expect(router.presenter(for: "org.example.Tea") == nil)
        let again = router.setPresenter(":1.10", app: "org.example.Tea")
        #expect(again)
        #expect(router.presenter(for: "org.example.Tea") == ":1.10")
        router.removeListener(":1.10")
        #expect(router.presenters.isEmpty)
    }

    @Test func theQueueKeepsTheNewestResponsesUpToItsLimit() {
        var router = ResponseRouter()
        for index in 0...ResponseRouter.limit { _ = router.route(Self.response("org.example.Tea", "\(index)")) }
        let queued = router.addListener(":1.7", app: "org.example.Tea")
        #expect(queued.count == ResponseRouter.limit)
        #expect(queued.first?.actionIdentifier == "1")
        #expect(queued.last?.actionIdentifier == "\(ResponseRouter.limit)")
    }
}
