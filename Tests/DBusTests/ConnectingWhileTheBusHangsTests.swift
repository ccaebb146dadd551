import Foundation
import Testing
import TestSupport

@testable import DBus

/// Connecting to a bus that does not answer holds no shared thread: with more connects waiting
/// on a stopped bus than Swift has shared threads, a plain task still runs (here, to let the
/// bus go on), and every connect then succeeds. Made by the synchronous initializer on shared
/// threads, the connects held them all until libdbus gave up on `Hello` (25 s), and failed.
@Suite(.timeLimit(.minutes(1))) struct ConnectingWhileTheBusHangsTests {
    @Test func connectsWaitingOnAStoppedBusLeaveTheSharedThreadsFree() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let connects = ProcessInfo.processInfo.activeProcessorCount + 2
        bus.pause()
        let connected = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<connects {
                group.addTask {
                    let connection = try await DBusConnection.connect(address: bus.address)
                    await connection.close()
                    return true
                }
            }
            // A plain task on the shared threads: it runs only if the connects left one free.
            group.addTask {
                try await Task.sleep(for: .milliseconds(200))
                bus.resume()
                return false
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(connected == connects)
    }
}

/// A bus whose daemon is stopped accepts the socket and never answers: libdbus's own blocking
/// handshake waited for it forever (`unotify send` hung). The connect now fails at its deadline,
/// saying what is wrong.
@Suite(.timeLimit(.minutes(1))) struct ConnectingToAStoppedBusTests {
    @Test func aBusThatDoesNotAnswerFailsTheConnectAtItsDeadline() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        bus.pause()
        defer { bus.resume() }
        let outcome = await OwnThreadExecutor.run {
            Result { try DBusConnection(address: bus.address, timeout: .seconds(1)) }
        }
        #expect(throws: DBusError.self) { try outcome.get() }
        guard case .failure(let error as DBusError) = outcome else { return }
        #expect(error.code == .connectionFailed)
        #expect(error.message.contains("did not answer within 1"), "\(error.message)")
        bus.resume()
        let connection = try await DBusConnection.connect(address: bus.address)
        #expect(!connection.uniqueName.isEmpty, "the same bus, running again, is connected to")
        await connection.close()
    }
}
