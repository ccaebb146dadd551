import Foundation

/// Holds calls until the agent has read its files: an agent that takes the name from one hosted
/// in an app takes it before it reads them (so that the other has stopped writing), and calls
/// that arrive meanwhile wait here.
final class StartGate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Returns once the gate is open.
    func pass() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if isOpen {
                lock.unlock()
                continuation.resume()
            } else {
                waiting.append(continuation)
                lock.unlock()
            }
        }
    }

    /// Opens the gate for every call, waiting or to come.
    func open() {
        lock.lock()
        isOpen = true
        let released = waiting
        waiting = []
        lock.unlock()
        for continuation in released { continuation.resume() }
    }
}
