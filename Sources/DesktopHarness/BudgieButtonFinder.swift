/// Finds where to click on a Budgie 10.10 popup (budgie-daemon on labwc) in a `grim` screenshot:
/// dark cards (#161616) at the top right on labwc's black background (every channel below 8),
/// stacked downwards, the newest lowest; a card is a run of more than 30 non-black rows down the
/// column 200 px from the right edge, as wide as its middle row is non-black. The body is at
/// (120, 25) into the card, the close button 20 px in from its top right corner; the action
/// buttons (gray, r = g = b from 35 to 60, unlike the card's colour) share one centred row in
/// equal widths: the lowest run of rows with more than 20 such pixels (every other column).
public enum BudgieButtonFinder {
    /// A card and where to click on it.
    public struct Popup: Sendable {
        public let card: ScreenBox
        public let body: (x: Int, y: Int)
        public let close: (x: Int, y: Int)
    }

    /// The button row: its extent (for the log) and each button's centre, left to right.
    public struct ButtonRow: Sendable {
        public let extent: ScreenBox
        public let buttons: [(x: Int, y: Int)]
    }

    /// The cards' first and last rows, top to bottom (the newest last).
    public static func cards(in image: ScreenImage) -> [ClosedRange<Int>] {
        let column = image.width - 200  // inside the right-anchored card
        guard column >= 0 else { return [] }
        func black(_ y: Int) -> Bool { image.pixel(column, y).maximum < 8 }
        var cards: [ClosedRange<Int>] = []
        var y = 0
        while y < image.height {
            if black(y) {
                y += 1
                continue
            }
            let top = y
            while y < image.height, !black(y) { y += 1 }
            if y - top > 30 { cards.append(top...(y - 1)) }  // not a stray line
        }
        return cards
    }

    /// The card of rows `rows` and where to click on it.
    public static func popup(in image: ScreenImage, rows: ClosedRange<Int>) -> Popup {
        let column = image.width - 200
        func black(_ x: Int, _ y: Int) -> Bool { image.pixel(x, y).maximum < 8 }
        let middle = (rows.lowerBound + rows.upperBound) / 2
        var left = column
        while left > 0, !black(left - 1, middle) { left -= 1 }
        var right = column
        while right + 1 < image.width, !black(right + 1, middle) { right += 1 }
        let top = rows.lowerBound
        return Popup(
            card: ScreenBox(x: left, y: top, width: right - left + 1, height: rows.count),
            body: (left + 120, top + 25), close: (right - 20, top + 20))
    }

    /// `popup`'s `count` action buttons.
    public static func buttons(in image: ScreenImage, popup: Popup, count: Int) throws -> ButtonRow {
        let card = popup.card
        let (left, right) = (card.x, card.x + card.width - 1)
        let middle = card.y + (card.height - 1) / 2
        let background = Int(image.pixel(left + 4, middle).red)  // the card's own colour
        func button(_ x: Int, _ y: Int) -> Bool {
            let pixel = image.pixel(x, y)
            return pixel.red == pixel.green && pixel.green == pixel.blue && (35...60).contains(pixel.red)
                && abs(Int(pixel.red) - background) > 10
        }
        let rows = (card.y..<(card.y + card.height)).filter { y in
            stride(from: left, through: right, by: 2).filter { button($0, y) }.count > 20
        }
        guard let rowBottom = rows.last else { throw HarnessError("budgie-buttons: the popup has no action buttons") }
        let present = Set(rows)
        var rowTop = rowBottom
        while present.contains(rowTop - 1) { rowTop -= 1 }
        let row = (rowTop + rowBottom) / 2
        guard let x0 = (left...right).first(where: { button($0, rowTop + 2) }),
            let x1 = (left...right).reversed().first(where: { button($0, rowTop + 2) })
        else { throw HarnessError("budgie-buttons: no button pixel 2 rows into the button row") }
        let share = Double(x1 - x0 + 1) / Double(count)
        return ButtonRow(
            extent: ScreenBox(x: x0, y: rowTop, width: x1 - x0 + 1, height: rowBottom - rowTop + 1),
            buttons: (0..<max(0, count)).map { (Int(Double(x0) + share * Double($0) + share / 2), row) })
    }
}
