import DBus
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(1))) struct SignalTests {
    static let path: ObjectPath = "/org/example/Emitter"
    static let interface: InterfaceName = "org.example.Emitter"

    static func signal(_ text: String) -> DBusMessage {
        .signal(path: path, interface: interface, member: "Said", body: [.string(text)])
    }

    @Test func subscriberSeesASignalEmittedRightAfterSubscribing() async throws {
        let bus = try PrivateBus()
        let listener = try DBusConnection(address: bus.address)
        let emitter = try DBusConnection(address: bus.address)
        let stream = try await listener.signals(matching: MatchRule(interface: Self.interface, member: "Said"))
        try await emitter.send(Self.signal("hello"))
        var iterator = stream.makeAsyncIterator()
        let received = try await iterator.next()
        #expect(received?.body == [.string("hello")])
        #expect(received?.sender == emitter.uniqueName)
    }

    @Test func aSenderFilterDropsLookAlikeSignalsFromOtherConnections() async throws {
        let bus = try PrivateBus()
        let listener = try DBusConnection(address: bus.address)
        let genuine = try DBusConnection(address: bus.address)
        let spoofer = try DBusConnection(address: bus.address)
        let onlyGenuine = try await listener.signals(
            matching: MatchRule(
                sender: try BusName(validating: genuine.uniqueName), interface: Self.interface))
        // Also listen to everything, so the spoofed signal certainly reaches the listener's connection.
        let everything = try await listener.signals(matching: MatchRule(interface: Self.interface))
        // Unicast spoof, addressed to the listener: delivered whatever the match rules say.
        var spoof = Self.signal("spoofed")
        spoof.destination = try BusName(validating: listener.uniqueName)
        try await spoofer.send(spoof)
        try await spoofer.send(Self.signal("spoofed broadcast"))
        try await genuine.send(Self.signal("genuine"))
        var all = everything.makeAsyncIterator()
        var seenByEverything: [DBusValue] = []
        for _ in 0..<3 { if let message = try await all.next() { seenByEverything += message.body } }
        #expect(seenByEverything == [.string("spoofed"), .string("spoofed broadcast"), .string("genuine")])
        var filtered = onlyGenuine.makeAsyncIterator()
        #expect(try await filtered.next()?.body == [.string("genuine")])
    }

    @Test func nameOwnerLookupsAndChanges() async throws {
        let bus = try PrivateBus()
        let watcher = try DBusConnection(address: bus.address)
        let name: BusName = "org.example.Owned"
        #expect(try await watcher.nameOwner(of: name) == nil)
        let changes = try await watcher.nameOwnerChanges(of: name)
        let owner = try DBusConnection(address: bus.address)
        #expect(try await owner.requestName(name) == .primaryOwner)
        #expect(try await watcher.nameOwner(of: name) == owner.uniqueName)
        await owner.close()
        var iterator = changes.makeAsyncIterator()
        let acquired = try await iterator.next()
        #expect(acquired == .init(name: name.rawValue, oldOwner: nil, newOwner: owner.uniqueName))
        let lost = try await iterator.next()
        #expect(lost == .init(name: name.rawValue, oldOwner: owner.uniqueName, newOwner: nil))
    }

    @Test func namesInANamespaceAreListedAndTheirChangesFollowed() async throws {
        let bus = try PrivateBus()
        let watcher = try DBusConnection(address: bus.address)
        let changes = try await watcher.nameOwnerChanges(inNamespace: "org.example.Space")
        let owner = try DBusConnection(address: bus.address)
        // Outside the namespace (a longer word, not a child name): not reported.
        #expect(try await owner.requestName("org.example.Spaceship") == .primaryOwner)
        #expect(try await owner.requestName("org.example.Space.One") == .primaryOwner)
        let names = try await watcher.listNames()
        #expect(names.contains("org.example.Space.One") && names.contains("org.example.Spaceship"))
        #expect(names.contains(owner.uniqueName))
        var iterator = changes.makeAsyncIterator()
        #expect(try await iterator.next()?.name == "org.example.Space.One")
        #expect(
            MatchRule(arg0Namespace: "org.example.Space").description
                == "type='signal',arg0namespace='org.example.Space'")
    }
}
