/// Finds where to click on SwayNotificationCenter's newest (top) popup in a `grim` screenshot of
/// the sway output, in swaync 0.7's layout or 0.12's.
///
/// * 0.7 (stock style): a dark card (#303030) at the top right, with an outer border line darker
///   than anything inside it (every channel below 36), found down the column 120 px from the
///   right edge; its sides are where the row 4 px above its inner bottom line meets that border.
///   The body is 18 px below its top in the middle, the close cross 18 px in from its top right,
///   and N action buttons share its bottom row (22 px up) in equal widths.
/// * 0.12 (GTK4): a translucent card whose edges are where sway's background (the bottom right
///   pixel, never under a popup) stops, four pixels in a row telling the outside; the buttons
///   are runs (20 px or wider) of another colour than the card's, read a row of a flow box at a
///   time from the card's bottom up (each row's lowest button line, 3 px above it their runs,
///   12 px into the first run the row's height) until N are found. The body is 18 px below the
///   top, the close cross 19 px left of the right border and 20 px below the top one.
public enum SwayncButtonFinder {
    /// swaync's drawing, by version.
    public enum Layout: String, Sendable {
        case v0_7 = "0.7"
        case v0_12 = "0.12"
    }

    /// The newest popup: its card, where a click is on its summary (`body`) and its close cross.
    public struct Popup: Sendable {
        public let card: ScreenBox
        public let body: (x: Int, y: Int)
        public let close: (x: Int, y: Int)
    }

    /// The newest popup on screen.
    public static func popup(in image: ScreenImage, layout: Layout) throws -> Popup {
        switch layout {
        case .v0_7: return try popup07(image)
        case .v0_12: return try popup012(image)
        }
    }

    /// Where each of `popup`'s `count` action buttons is, left to right.
    public static func buttons(in image: ScreenImage, popup: Popup, count: Int, layout: Layout) throws -> [(
        x: Int, y: Int
    )] {
        let card = popup.card
        switch layout {
        case .v0_7:
            let row = card.y + card.height - 1 - 22
            let share = count != 0 ? Double(card.width) / Double(count) : 0
            return (0..<max(0, count)).map {
                (Int(Double(card.x) + share * Double($0) + share / 2), row)
            }
        case .v0_12:
            return try buttons012(image, card: card, count: count)
        }
    }

    private static func popup07(_ image: ScreenImage) throws -> Popup {
        let (width, height) = (image.width, image.height)
        func dark(_ x: Int, _ y: Int) -> Bool { image.pixel(x, y).maximum < 36 }  // the outer border line
        let column = width - 120  // inside the right-aligned card
        guard column >= 0, let border = (0..<(height / 2)).first(where: { dark(column, $0) }) else {
            throw HarnessError("swaync-buttons: no popup on screen")
        }
        var top = border + 1
        while top < height, dark(column, top) { top += 1 }
        guard var bottom = stride(from: top + 5, to: height, by: 1).first(where: { dark(column, $0) }) else {
            throw HarnessError("swaync-buttons: the newest popup has no bottom edge on screen")
        }
        bottom -= 2  // the light inner border line
        let row = bottom - 4  // the button row's lowest pixels: no text there
        var left = column
        while left > 0, !dark(left - 1, row) { left -= 1 }
        var right = column
        while right + 1 < width, !dark(right + 1, row) { right += 1 }
        return Popup(
            card: ScreenBox(x: left, y: top, width: right - left + 1, height: bottom - top + 1),
            body: ((left + right) / 2, top + 18), close: (right - 18, top + 18))
    }

    private static func popup012(_ image: ScreenImage) throws -> Popup {
        let (width, height) = (image.width, image.height)
        guard width >= 121, height >= 1 else { throw HarnessError("swaync-buttons: no popup on screen") }
        let background = image.pixel(width - 1, height - 1)  // sway's background, never under a popup
        let column = width - 120  // inside the right-aligned card
        func outside(_ x: Int, _ y: Int, stepX: Int = 0, stepY: Int = 0) -> Bool {
            (0..<4).allSatisfy { i in
                let (px, py) = (x + stepX * i, y + stepY * i)
                return px >= 0 && px < width && py >= 0 && py < height && image.pixel(px, py) == background
            }
        }
        guard let border = (0..<(height / 2)).first(where: { image.pixel(column, $0) != background }) else {
            throw HarnessError("swaync-buttons: no popup on screen")
        }
        let row = border + 14  // below the rounded corners
        guard row < height,
            let right = stride(from: width - 1, to: column, by: -1).first(where: { image.pixel($0, row) != background }
            ),
            var left = stride(from: column, to: 0, by: -1).first(where: { outside($0, row, stepX: -1) })
        else { throw HarnessError("swaync-buttons: the newest popup has no side edges on screen") }
        left += 1  // the left border line
        let edge = right - 14  // left of the bottom right rounded corner
        guard var bottom = ((border + 1)..<height).first(where: { outside(edge, $0, stepY: 1) }) else {
            throw HarnessError("swaync-buttons: the newest popup has no bottom edge on screen")
        }
        bottom -= 1  // the bottom border line
        let top = border + 1
        return Popup(
            card: ScreenBox(x: left, y: border, width: right - left + 1, height: bottom - border + 1),
            body: ((left + right) / 2, top + 18), close: (right - 1 - 18, top + 19))
    }

    private static func buttons012(_ image: ScreenImage, card box: ScreenBox, count: Int) throws -> [(x: Int, y: Int)] {
        let (left, right) = (box.x, box.x + box.width - 1)
        let (top, bottom) = (box.y + 1, box.y + box.height - 1)
        let card = image.pixel(right - 14, bottom - 2)  // the card's own colour, under the buttons
        func runs(_ y: Int) -> [(start: Int, end: Int)] {  // each run of button colour
            var found: [(start: Int, end: Int)] = []
            var start: Int?
            for x in stride(from: left + 2, to: right - 1, by: 1) {
                let inside = image.pixel(x, y) != card
                if inside, start == nil { start = x }
                if !inside, let begun = start {
                    if x - begun >= 20 { found.append((begun, x - 1)) }
                    start = nil
                }
            }
            return found
        }
        // The buttons fill a flow box's rows, left to right, top to bottom: read from the bottom up.
        var found: [(x: Int, y: Int)] = []
        var y = bottom - 1
        while found.count < count {
            guard let lowest = stride(from: y, to: top, by: -1).first(where: { !runs($0).isEmpty }) else { break }
            let band = runs(lowest - 3)  // under the labels, above the round corners
            guard let first = band.first else { break }  // no button's lower edge: text or an image
            let side = first.start + 12  // left of the centred label
            var highest = lowest
            while highest > top, image.pixel(side, highest - 1) != card { highest -= 1 }
            found.insert(contentsOf: band.map { (($0.start + $0.end) / 2, (highest + lowest) / 2) }, at: 0)
            y = highest - 1
        }
        guard found.count == count else {
            throw HarnessError(
                "swaync-buttons: the newest popup shows \(found.count) buttons (bottom rows), not \(count)")
        }
        return found
    }
}
