import DBus
import Foundation
import Testing
import TestSupport

/// The bus daemon ends while its connections are busy: each connection's socket reports data
/// still unread and a hang-up at once. On libdispatch's read sources the first round never
/// ended: 3 of its 8 subscriptions waited for ever, because the source reported the hang-up
/// once and was deleted, so libdbus read one chunk and never reached the end of the stream
/// (with one signal queued per connection, all 40 rounds passed: the data must outlast one
/// read). The same hang-up path crashed a full test run while a test's private bus was being
/// stopped (libdispatch's manager thread trapped in `_dispatch_source_refs_finalize_unregistration`,
/// "Source finalized twice"). Each round stops a bus under eight connections that broadcast
/// twenty signals each to all the others; every subscription must end with `.disconnected`,
/// and the process must live through every round.
@Suite(.timeLimit(.minutes(1))) struct BusHangupTests {
    @Test func connectionsLiveThroughTheirBusEndingUnderLoad() async throws {
        var ended = 0
        let rounds = 40
        for _ in 0..<rounds {
            ended += try await oneRound()
        }
        #expect(ended == rounds * 8)
    }

    /// One bus, eight connections broadcasting until the bus is stopped: how many of their
    /// subscriptions ended because the connection was lost.
    private func oneRound() async throws -> Int {
        let bus = try PrivateBus()
        let rule = MatchRule(interface: "org.example.Hangup", member: "Tick")
        var connections: [DBusConnection] = []
        var streams: [AsyncThrowingStream<DBusMessage, any Error>] = []
        for _ in 0..<8 {
            let connection = try DBusConnection(address: bus.address)
            streams.append(try await connection.signals(matching: rule))
            connections.append(connection)
        }
        for connection in connections {
            for index in 0..<20 {
                _ = try await connection.send(
                    .signal(
                        path: "/org/example/Hangup", interface: "org.example.Hangup", member: "Tick",
                        body: [.uint32(UInt32(index))]))
            }
        }
        bus.stop()
        return await withTaskGroup(of: Bool.self) { group in
            for stream in streams {
                group.addTask {
                    do {
                        for try await _ in stream {}
                        return false
                    } catch let error as DBusError {
                        return error.code == .disconnected
                    } catch {
                        return false
                    }
                }
            }
            var count = 0
            for await done in group where done { count += 1 }
            return count
        }
    }
}
