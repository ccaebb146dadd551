import Foundation

/// The `ConfigChanged` notices a store sent, in order: one `[group: keys]` each.
final class AnnouncedChanges: @unchecked Sendable {
    private let lock = NSLock()
    private var changes: [[[String]: [String]]] = []

    func add(_ group: [String], _ keys: [String]) { lock.withLock { changes.append([group: keys]) } }

    var all: [[[String]: [String]]] { lock.withLock { changes } }
}
