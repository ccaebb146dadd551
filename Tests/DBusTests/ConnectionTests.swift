import DBus
import Testing
import TestSupport

/// The connection against a real, private `dbus-daemon`.
@Suite(.timeLimit(.minutes(1))) struct ConnectionTests {
    static let testPath: ObjectPath = "/org/example/Test"
    static let testInterface: InterfaceName = "org.example.Test"

    static func ping(_ destination: String) throws -> DBusMessage {
        .methodCall(
            destination: try BusName(validating: destination), path: "/", interface: "org.freedesktop.DBus.Peer",
            member: "Ping")
    }

    @Test func connectsAndGetsAUniqueName() async throws {
        let bus = try PrivateBus()
        let connection = try DBusConnection(address: bus.address)
        #expect(connection.uniqueName.hasPrefix(":"))
        let id = try await connection.call(
            .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetId"))
        #expect(try String(dbusValue: id.body[0]).count == 32)
    }

    @Test func manyConcurrentCallsOnOneConnection() async throws {
        let bus = try PrivateBus()
        let server = try DBusConnection(address: bus.address)
        await server.export(path: Self.testPath) { call in [.uint32(try UInt32(dbusValue: call.body[0]) * 2)] }
        let client = try DBusConnection(address: bus.address)
        let destination = try BusName(validating: server.uniqueName)
        let results = try await withThrowingTaskGroup(of: (UInt32, UInt32).self) { group in
            for n in UInt32(0)..<500 {
                group.addTask {
                    let reply = try await client.call(
                        .methodCall(
                            destination: destination, path: Self.testPath, interface: Self.testInterface,
                            member: "Double", body: [.uint32(n)]))
                    return (n, try UInt32(dbusValue: reply.body[0]))
                }
            }
            return try await group.reduce(into: [UInt32: UInt32]()) { $0[$1.0] = $1.1 }
        }
        #expect(results.count == 500)
        #expect(results.allSatisfy { $0.value == $0.key * 2 })
    }

    @Test func errorRepliesKeepTheirName() async throws {
        let bus = try PrivateBus()
        let server = try DBusConnection(address: bus.address)
        await server.export(path: Self.testPath) { _ in
            throw DBusError(.remote, "no such thing", name: "org.example.Error.Missing")
        }
        let client = try DBusConnection(address: bus.address)
        let error = await #expect(throws: DBusError.self) {
            try await client.call(
                .methodCall(
                    destination: try BusName(validating: server.uniqueName), path: Self.testPath,
                    interface: Self.testInterface, member: "Anything"))
        }
        #expect(error?.code == .remote)
        #expect(error?.name == "org.example.Error.Missing")
        #expect(error?.message == "no such thing")
    }

    @Test func unknownDestinationIsARemoteErrorWithItsName() async throws {
        let bus = try PrivateBus()
        let client = try DBusConnection(address: bus.address)
        let error = await #expect(throws: DBusError.self) { try await client.call(Self.ping("org.example.Nobody")) }
        #expect(error?.name == "org.freedesktop.DBus.Error.ServiceUnknown")
    }

    @Test func aCallWithNoAnswerTimesOut() async throws {
        let bus = try PrivateBus()
        let server = try DBusConnection(address: bus.address)
        await server.export(path: Self.testPath) { _ in
            try await Task.sleep(for: .seconds(30))
            return []
        }
        let client = try DBusConnection(address: bus.address)
        let error = await #expect(throws: DBusError.self) {
            try await client.call(
                .methodCall(
                    destination: try BusName(validating: server.uniqueName), path: Self.testPath,
                    interface: Self.testInterface, member: "Slow"), timeout: .milliseconds(200))
        }
        #expect(error?.code == .timedOut)
    }

    /// A server whose `Slow` method never answers in time, and a client's call to it that the
    /// server's handler already holds.
    static func slowCallInFlight(on bus: PrivateBus) async throws
        -> (server: DBusConnection, client: DBusConnection, call: Task<DBusMessage, any Error>)
    {
        let server = try DBusConnection(address: bus.address)
        let (arrived, arrival) = AsyncStream.makeStream(of: Void.self)
        await server.export(path: Self.testPath) { _ in
            arrival.yield()
            try await Task.sleep(for: .seconds(30))
            return []
        }
        let client = try DBusConnection(address: bus.address)
        let destination = try BusName(validating: server.uniqueName)
        let call = Task {
            try await client.call(
                .methodCall(
                    destination: destination, path: Self.testPath,
                    interface: Self.testInterface, member: "Slow"), timeout: .seconds(20))
        }
        var arrivals = arrived.makeAsyncIterator()
        await arrivals.next()
        return (server, client, call)
    }

    @Test func closingFailsCallsInFlight() async throws {
        let bus = try PrivateBus()
        let (server, client, waiting) = try await Self.slowCallInFlight(on: bus)
        await client.close()
        let result = await waiting.result
        #expect(throws: DBusError.self) { try result.get() }
        #expect(await client.isConnected == false)
        await server.close()
    }

    @Test func aPeerThatLeavesDuringACallIsGoneAtOnceNotTimedOut() async throws {
        let bus = try PrivateBus()
        let (server, client, waiting) = try await Self.slowCallInFlight(on: bus)
        let left = ContinuousClock.now
        await server.close()
        let result = await waiting.result
        let error = #expect(throws: DBusError.self) { try result.get() }
        // The bus answers for the peer that left (its NoReply), at once.
        #expect(error?.code == .peerGone, "\(String(describing: error))")
        #expect(ContinuousClock.now - left < .seconds(5))
        await client.close()
    }

    @Test func losingTheBusFailsCallsAndEndsStreams() async throws {
        let bus = try PrivateBus()
        let client = try DBusConnection(address: bus.address)
        let stream = try await client.signals(matching: MatchRule(interface: Self.testInterface))
        bus.stop()
        var iterator = stream.makeAsyncIterator()
        await #expect(throws: DBusError.self) { _ = try await iterator.next() }
        await #expect(throws: DBusError.self) { try await client.call(Self.ping("org.freedesktop.DBus")) }
    }

    @Test func aBadAddressIsAClearError() {
        let error = #expect(throws: DBusError.self) { try DBusConnection(address: "unix:path=/nonexistent/socket") }
        #expect(error?.code == .connectionFailed)
        #expect(error?.message.contains("/nonexistent/socket") == true)
    }

    @Test func blockingCallWorksFromAPlainThread() throws {
        let bus = try PrivateBus()
        let client = try DBusConnection(address: bus.address)
        let reply = try client.callBlocking(
            .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameHasOwner", body: [.string(client.uniqueName)]))
        #expect(reply.body == [.boolean(true)])
    }

    /// A call posted with no reply expected by a process that then closes at once still
    /// reaches its destination (the bus routes what it has read), and gets no reply.
    @Test func aPostedCallArrivesAfterTheSenderHasGone() async throws {
        let bus = try PrivateBus()
        let server = try DBusConnection(address: bus.address)
        let (received, arrival) = AsyncStream.makeStream(of: UInt32.self)
        await server.export(path: Self.testPath) { call in
            arrival.yield(try UInt32(dbusValue: call.body[0]))
            return []
        }
        let sender = try DBusConnection(address: bus.address)
        var post = DBusMessage.methodCall(
            destination: try BusName(validating: server.uniqueName), path: Self.testPath,
            interface: Self.testInterface, member: "Post", body: [.uint32(42)])
        post.noReplyExpected = true
        try sender.sendBlocking(post)
        await sender.close()
        var iterator = received.makeAsyncIterator()
        #expect(await iterator.next() == 42)
    }
}
