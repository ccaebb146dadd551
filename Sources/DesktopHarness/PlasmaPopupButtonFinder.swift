/// Finds the buttons of one KDE Plasma 5.27 or 6 notification popup (Breeze) in a screenshot of
/// the screen, cut to the popup window's place:
///
/// * buttons (actions, the inline-reply "Reply", the open reply field's send button) are framed
///   rectangles in the popup's lower two thirds: a horizontal run (16 px to 80 % of the popup
///   wide) of gray border (r = g = b within a few levels, 165 to 215) is a top edge when a run
///   of the same span (3 px either way) lies at least 8 rows below it, its bottom edge;
/// * the close button is the red disc of the header (r > 180, g and b < 110, top 40 rows), or on
///   Breeze 6 the dark gray cross in the header's right-most 40 px (top 30 rows);
/// * the open reply field is the widest run of pure white, at least 100 px, in the lower two
///   thirds, as high as the white rows under its middle.
public struct PlasmaPopupButtonFinder: Sendable {
    let image: ScreenImage
    let window: ScreenBox

    public init(image: ScreenImage, window: ScreenBox) {
        self.image = image
        self.window = window
    }

    private var left: Int { max(0, window.x) }
    private var top: Int { max(0, window.y) }
    private var right: Int { max(left, min(window.x + window.width, image.width)) }
    private var bottom: Int { max(top, min(window.y + window.height, image.height)) }
    /// The first row of the popup's lower two thirds (below the header).
    private var lowerStart: Int { min(max(0, window.y + window.height / 3), bottom) }

    /// The framed buttons, left to right (then top to bottom), in screen coordinates.
    public func buttons() throws -> [FoundButton] {
        func border(_ x: Int, _ y: Int) -> Bool {
            let pixel = image.pixel(x, y)
            let (red, green, blue) = (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
            return (165...215).contains(red) && abs(red - green) < 6 && abs(red - blue) < 8
        }
        func runs(_ y: Int) -> [(start: Int, end: Int)] {
            var found: [(start: Int, end: Int)] = []
            var start: Int?
            for x in left...right {
                let on = x < right && border(x, y)
                if on, start == nil { start = x }
                if !on, let begun = start {
                    if x - begun >= 16, Double(x - begun) < 0.8 * Double(window.width) { found.append((begun, x - 1)) }
                    start = nil
                }
            }
            return found
        }
        let rows = (lowerStart..<bottom).map { runs($0) }
        var found: [ScreenBox] = []
        for (offset, spans) in rows.enumerated() {
            let y = lowerStart + offset
            for (a, b) in spans {
                if found.contains(where: { abs(a - $0.x) <= 3 && abs(b - ($0.x + $0.width - 1)) <= 3 }) { continue }
                for y2 in stride(from: y + 8, to: bottom, by: 1)
                where rows[y2 - lowerStart].contains(where: { abs(a - $0.start) <= 3 && abs(b - $0.end) <= 3 }) {
                    found.append(ScreenBox(x: a, y: y, width: b - a + 1, height: y2 - y + 1))
                    break
                }
            }
        }
        guard !found.isEmpty else { throw HarnessError("plasma-popup-buttons: no button found") }
        return found.sorted { ($0.x, $0.y, $0.width, $0.height) < ($1.x, $1.y, $1.width, $1.height) }.map {
            FoundButton(x: $0.x + $0.width / 2, y: $0.y + $0.height / 2, width: $0.width, height: $0.height)
        }
    }

    /// The header's close button, in screen coordinates.
    public func closeButton() throws -> FoundButton {
        var points: [(x: Int, y: Int)] = []
        for y in top..<min(top + 40, bottom) {
            for x in left..<right {
                let pixel = image.pixel(x, y)
                if pixel.red > 180, pixel.green < 110, pixel.blue < 110 { points.append((x, y)) }
            }
        }
        if points.isEmpty {
            // Breeze 6's dark cross: dark gray in the header's right-most 40 px (the app's name is left).
            for y in top..<min(top + 30, bottom) {
                for x in max(left, right - 40)..<right {
                    let pixel = image.pixel(x, y)
                    let (red, green, blue) = (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
                    if red < 110, abs(red - green) < 12, abs(red - blue) < 16 { points.append((x, y)) }
                }
            }
        }
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(), let minY = points.map(\.y).min(),
            let maxY = points.map(\.y).max()
        else { throw HarnessError("plasma-popup-buttons: no close button in the header") }
        return FoundButton(x: (minX + maxX) / 2, y: (minY + maxY) / 2, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The open inline-reply field, in screen coordinates.
    public func replyField() throws -> FoundButton {
        let white = ScreenImage.Pixel(255, 255, 255)
        var best: (width: Int, start: Int)?
        for y in lowerStart..<bottom {
            var start: Int?
            for x in left...right {
                let on = x < right && image.pixel(x, y) == white
                if on, start == nil { start = x }
                if !on, let begun = start {
                    if x - begun >= 100, x - begun > best?.width ?? 0 { best = (x - begun, begun) }
                    start = nil
                }
            }
        }
        guard let best else { throw HarnessError("plasma-popup-buttons: no reply field") }
        let middle = best.start + best.width / 2
        let rows = (lowerStart..<bottom).filter { image.pixel(middle, $0) == white }
        guard let first = rows.first, let last = rows.last else {
            throw HarnessError("plasma-popup-buttons: no reply field")
        }
        return FoundButton(x: middle, y: (first + last) / 2, width: best.width, height: last - first + 1)
    }
}
