import Foundation

/// `test-desktop wl-click X Y [--button left|right|middle] [--extent WxH] [--move-only]` and
/// `test-desktop wl-click --hold`: a click (or a move) with a Wayland virtual pointer on the
/// desktop of `$WAYLAND_DISPLAY`; `--hold` prints "ready" and keeps a pointer on the seat until
/// it is ended. X and Y are in a WxH layout (default 1280x800, the test desktop's output).
public enum PointerCommand {
    public static func run(_ arguments: [String], environment: [String: String]) throws {
        guard let display = environment["WAYLAND_DISPLAY"], !display.isEmpty else {
            throw HarnessError("wl-click: WAYLAND_DISPLAY is not set")
        }
        var positional: [UInt32] = []
        var button = VirtualPointer.Button.left
        var extent = (width: UInt32(1280), height: UInt32(800))
        var hold = false
        var moveOnly = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--hold": hold = true
            case "--move-only": moveOnly = true
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
        try pointer.click(x: x, y: y, width: extent.width, height: extent.height, button: button, moveOnly: moveOnly)
    }
}
