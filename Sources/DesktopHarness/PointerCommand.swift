import Foundation

/// `test-desktop wl-click X Y [--button left|right|middle] [--extent WxH] [--move-only | --drag-to X2 Y2]`
/// and `test-desktop wl-click --hold`: a click (or a move) with a Wayland virtual pointer on the
/// desktop of `$WAYLAND_DISPLAY`; `--drag-to` presses at X Y, moves to X2 Y2 and releases there
/// (a swipe, as Phosh's banners are swiped away); `--hold` prints "ready" and keeps a pointer on
/// the seat until it is ended. X and Y are in a WxH layout (default 1280x800, the test
/// desktop's output).
public enum PointerCommand {
    /// A drag's moves between its press and its release: enough that a swipe tracker (libhandy's)
    /// sees a stream of motions and takes the gesture's direction from them.
    static let dragSteps = 12

    public static func run(_ arguments: [String], environment: [String: String]) throws {
        guard let display = environment["WAYLAND_DISPLAY"], !display.isEmpty else {
            throw HarnessError("wl-click: WAYLAND_DISPLAY is not set")
        }
        var positional: [UInt32] = []
        var button = VirtualPointer.Button.left
        var extent = (width: UInt32(1280), height: UInt32(800))
        var hold = false
        var moveOnly = false
        var dragTo: (x: UInt32, y: UInt32)?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--hold": hold = true
            case "--move-only": moveOnly = true
            case "--drag-to":
                guard let x = remaining.popFirst().flatMap({ UInt32($0) }),
                    let y = remaining.popFirst().flatMap({ UInt32($0) })
                else {
                    throw HarnessError("wl-click: --drag-to takes X2 Y2, two numbers")
                }
                dragTo = (x, y)
            case "--button":
                guard let name = remaining.popFirst(), let chosen = VirtualPointer.Button(rawValue: name) else {
                    throw HarnessError("wl-click: --button takes left, right or middle")
                }
                button = chosen
            case "--extent":
                let parts = (remaining.popFirst() ?? "").split(separator: "x").compactMap { UInt32($0) }
                guard parts.count == 2 else { throw HarnessError("wl-click: --extent takes WIDTHxHEIGHT") }
                extent = (parts[0], parts[1])
            default:
                guard let number = UInt32(argument) else {
                    throw HarnessError("wl-click: unknown argument \(argument)")
                }
                positional.append(number)
            }
        }
        let pointer = try VirtualPointer(display: display, runtimeDirectory: environment["XDG_RUNTIME_DIR"] ?? "")
        if hold {
            FileHandle.standardOutput.write(Data("ready\n".utf8))
            pointer.hold()
            return
        }
        guard positional.count == 2 else { throw HarnessError("wl-click: X and Y are required without --hold") }
        let (x, y) = (positional[0], positional[1])
        guard x < extent.width, y < extent.height else {
            throw HarnessError("wl-click: (\(x), \(y)) is outside the \(extent.width)x\(extent.height) layout")
        }
        if let dragTo {
            guard !moveOnly else { throw HarnessError("wl-click: --drag-to and --move-only exclude each other") }
            guard dragTo.x < extent.width, dragTo.y < extent.height else {
                throw HarnessError(
                    "wl-click: --drag-to (\(dragTo.x), \(dragTo.y)) is outside the \(extent.width)x\(extent.height) layout"
                )
            }
            try pointer.drag(
                x: x, y: y, to: dragTo, width: extent.width, height: extent.height, button: button,
                steps: Self.dragSteps)
            return
        }
        try pointer.click(x: x, y: y, width: extent.width, height: extent.height, button: button, moveOnly: moveOnly)
    }
}
