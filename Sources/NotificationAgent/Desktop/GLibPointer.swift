/// A GLib object's pointer handed between the agent's threads and ``GLibContextThread``'s:
/// only ever dereferenced on the latter (hence `@unchecked Sendable`).
struct GLibPointer: @unchecked Sendable {
    let raw: OpaquePointer?

    init(_ raw: OpaquePointer?) {
        self.raw = raw
    }
}
