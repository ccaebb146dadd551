import Glibc

/// A real pointer on a wlroots compositor (sway, labwc) through its virtual-pointer protocol
/// (`zwlr_virtual_pointer_manager_v1`): the compositor delivers its clicks to the surface under
/// the pointer as it would a mouse's.
///
/// A headless seat has no pointer until a virtual pointer exists, and a client binds its
/// `wl_pointer` only once the seat has one: a click from the seat's first pointer can arrive
/// before the client listens. ``hold()`` keeps a pointer on the seat (a mouse plugged in for the
/// session), so every later click reaches the client.
struct VirtualPointer {
    enum Button: String, CaseIterable {
        case left, right, middle

        /// linux/input-event-codes.h
        var code: UInt32 {
            switch self {
            case .left: 0x110
            case .right: 0x111
            case .middle: 0x112
            }
        }
    }

    /// The pause between a drag's moves (``drag(x:y:to:width:height:button:steps:)``).
    static let dragStepMicroseconds: UInt32 = 16_000

    private let wayland: WaylandConnection
    private let pointer: UInt32

    init(display: String, runtimeDirectory: String) throws {
        wayland = try WaylandConnection(display: display, runtimeDirectory: runtimeDirectory)
        let seat = try wayland.bind("wl_seat", version: 1)
        let manager = try wayland.bind("zwlr_virtual_pointer_manager_v1", version: 1)
        pointer = wayland.newID()
        try wayland.request(manager, 0, WaylandConnection.words(seat, pointer))  // create_virtual_pointer
        try wayland.roundTrip()
    }

    /// Moves to (x, y) in a `width`×`height` layout, then clicks `button` unless `moveOnly`.
    func click(x: UInt32, y: UInt32, width: UInt32, height: UInt32, button: Button, moveOnly: Bool) throws {
        try wayland.request(pointer, 1, WaylandConnection.words(Self.now(), x, y, width, height))  // motion_absolute
        try wayland.request(pointer, 4)  // frame
        try wayland.roundTrip()
        if !moveOnly {
            for state: UInt32 in [1, 0] {  // pressed, released
                try wayland.request(pointer, 2, WaylandConnection.words(Self.now(), button.code, state))
                try wayland.request(pointer, 4)
            }
        }
        try wayland.roundTrip()
        try wayland.request(pointer, 8)  // destroy
        try wayland.roundTrip()
    }

    /// Presses `button` at (x, y) in a `width`×`height` layout, moves to `to` in `steps` equal
    /// moves (each delivered before the next, as a finger's swipe is a stream of motions), and
    /// releases it there: a drag, the swipe of a touch screen done with a pointer.
    func drag(
        x: UInt32, y: UInt32, to: (x: UInt32, y: UInt32), width: UInt32, height: UInt32, button: Button,
        steps: Int
    ) throws {
        try wayland.request(pointer, 1, WaylandConnection.words(Self.now(), x, y, width, height))  // motion_absolute
        try wayland.request(pointer, 4)  // frame
        try wayland.roundTrip()
        try wayland.request(pointer, 2, WaylandConnection.words(Self.now(), button.code, 1))  // pressed
        try wayland.request(pointer, 4)
        try wayland.roundTrip()
        for step in 1...max(steps, 1) {
            let fraction = Double(step) / Double(max(steps, 1))
            let stepX = UInt32((Double(x) + (Double(to.x) - Double(x)) * fraction).rounded())
            let stepY = UInt32((Double(y) + (Double(to.y) - Double(y)) * fraction).rounded())
            try wayland.request(pointer, 1, WaylandConnection.words(Self.now(), stepX, stepY, width, height))
            try wayland.request(pointer, 4)
            try wayland.roundTrip()
            // A finger's pace, about one move a frame: a toolkit that reads the moves together
            // (GTK 3 merges the motions it has queued) sees one jump and no swipe.
            usleep(Self.dragStepMicroseconds)
        }
        try wayland.request(pointer, 2, WaylandConnection.words(Self.now(), button.code, 0))  // released
        try wayland.request(pointer, 4)
        try wayland.roundTrip()
        try wayland.request(pointer, 8)  // destroy
        try wayland.roundTrip()
    }

    /// Keeps the pointer until the compositor goes away or the process is ended.
    func hold() { wayland.waitUntilClosed() }

    /// Milliseconds of the monotonic clock, as the protocol's 32-bit time.
    private static func now() -> UInt32 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt32(truncatingIfNeeded: Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000)
    }
}
