import DBus
import FreedesktopNotifications
import Testing
import TestSupport

/// The client against ``FakeNotificationServer`` on a private bus.
@Suite(.timeLimit(.minutes(1))) struct NotificationsClientTests {
    @Test func notifySendsExactlyTheArguments() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let client = NotificationsClient(connection: try DBusConnection(address: bus.address))
        var hints = NotificationHints()
        hints.urgency = .critical
        let request = NotifyRequest(
            appName: "tests", summary: "Build done", body: "All <b>passed</b>",
            actions: [NotificationAction(key: "open", label: "Open")], hints: hints,
            expireTimeout: .never)
        let id = try await client.notify(request)
        let call = try await fake.nextCall()
        #expect(call.id == id)
        #expect(call.request == request)
        #expect(call.sender == client.connection.uniqueName)
    }

    @Test func capabilitiesAndInformation() async throws {
        let bus = try PrivateBus()
        _ = try await FakeNotificationServer(address: bus.address, capabilities: ["actions", "x-vendor"])
        let client = NotificationsClient(connection: try DBusConnection(address: bus.address))
        let capabilities = try await client.capabilities()
        #expect(capabilities.known == [.actions])
        #expect(capabilities.unrecognized == ["x-vendor"])
        #expect(try await client.serverInformation().name == "fake")
    }

    /// The profile is kept per owner of the server's name: a server that replaces another is
    /// asked again, not taken for the one before.
    @Test func theProfileFollowsTheOwnerOfTheName() async throws {
        let bus = try PrivateBus()
        var first: FakeNotificationServer? = try await FakeNotificationServer(
            address: bus.address, capabilities: ["actions"],
            information: ServerInformation(name: "first", vendor: "v", version: "1", specVersion: "1.2"))
        let client = NotificationsClient(connection: try DBusConnection(address: bus.address))
        let before = try await client.profile()
        #expect(before.information?.name == "first" && before.showsActions)
        #expect(try await client.profile() == before)
        try await first?.connection.releaseName(NotificationsService.busName)
        first = nil
        _ = try await FakeNotificationServer(
            address: bus.address, capabilities: ["body"],
            information: ServerInformation(name: "second", vendor: "v", version: "1", specVersion: "1.2"))
        let after = try await client.profile()
        #expect(after.information?.name == "second" && !after.showsActions)
    }

    @Test func eventsFromTheServerArrive() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let client = NotificationsClient(connection: try DBusConnection(address: bus.address))
        let events = try await client.events()
        let id = try await client.notify(NotifyRequest(summary: "x"))
        try await fake.emit(.actionInvoked(id, actionKey: "open"))
        try await fake.emit(.closed(id, .dismissed))
        var iterator = events.makeAsyncIterator()
        #expect(try await iterator.next() == .actionInvoked(id, actionKey: "open"))
        #expect(try await iterator.next() == .closed(id, .dismissed))
    }

    @Test func aLookAlikeSignalFromAnotherConnectionIsIgnored() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let client = NotificationsClient(connection: try DBusConnection(address: bus.address))
        let spoofer = try DBusConnection(address: bus.address)
        let events = try await client.events()
        let id = try await client.notify(NotifyRequest(summary: "x"))
        var unicast = ServerEvent.actionInvoked(id, actionKey: "spoofed").signal
        unicast.destination = try BusName(validating: client.connection.uniqueName)
        try await spoofer.send(unicast)
        try await spoofer.send(ServerEvent.actionInvoked(id, actionKey: "spoofed-broadcast").signal)
        try await fake.emit(.actionInvoked(id, actionKey: "genuine"))
        var iterator = events.makeAsyncIterator()
        #expect(try await iterator.next() == .actionInvoked(id, actionKey: "genuine"))
    }

    @Test func aRestartedServerIsFollowed() async throws {
        let bus = try PrivateBus()
        let first = try await FakeNotificationServer(address: bus.address, capabilities: ["body"])
        let client = NotificationsClient(connection: try DBusConnection(address: bus.address))
        let events = try await client.events()
        #expect(try await client.capabilities().known == [.body])
        await first.stop()
        let second = try await FakeNotificationServer(address: bus.address, capabilities: ["actions"])
        #expect(try await client.capabilities().known == [.actions])
        let id = try await client.notify(NotifyRequest(summary: "after restart"))
        try await second.emit(.closed(id, .dismissed))
        var iterator = events.makeAsyncIterator()
        #expect(try await iterator.next() == .closed(id, .dismissed))
    }

    @Test func noServerIsAClearError() async throws {
        let bus = try PrivateBus()
        let client = NotificationsClient(connection: try DBusConnection(address: bus.address))
        let error = await #expect(throws: NotificationServerError.self) {
            try await client.notify(NotifyRequest(summary: "x"))
        }
        #expect(error?.code == .noServer)
        #expect(error?.message.contains("org.freedesktop.Notifications") == true)
    }
}
