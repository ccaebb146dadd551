/// The ids of the last push messages, to drop a replayed one: at most ``capacity`` ids, the
/// oldest forgotten first, so a flood costs bounded memory.
package struct RecentMessageIDs: Sendable {
    package let capacity: Int
    private var order: [String] = []
    private var next = 0
    private var members: Set<String> = []

    /// How many ids the agent keeps.
    package static let defaultCapacity = 4_096

    package init(capacity: Int = defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// Records `id`; false when it was already among the recent ones (a replay).
    package mutating func insert(_ id: String) -> Bool {
        guard !members.contains(id) else { return false }
        if order.count < capacity {
            order.append(id)
        } else {
            members.remove(order[next])
            order[next] = id
            next = (next + 1) % capacity
        }
        members.insert(id)
        return true
    }

    /// Whether `id` is among the recent ones.
    package func contains(_ id: String) -> Bool { members.contains(id) }

    /// How many ids are kept.
    package var count: Int { members.count }

    /// The ids kept, the oldest first.
    package var oldestFirst: [String] { Array(order[next...] + order[..<next]) }
}
