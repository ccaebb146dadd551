/// Finds where to click on Phosh's banner in a `grim` screenshot of its 360x720 output (scale
/// 1), as Phosh 0.58 draws it: a grey card (#282828) with grey and white text across the top,
/// under the clock, over Debian's blue wallpaper, which is never grey: the card is the first
/// run of more than 30 grey rows (r = g = b within 3) down column 20. The summary line is 50 px
/// into the card. The action buttons (#474747, #363636 under the pointer) fill the card's last rows, each as wide as its
/// label asks, with a lighter line (#595959) around and between them: the lowest run of rows
/// with more than 40 button pixels, then the runs of button pixels 3 rows into it (above the
/// labels), left to right.
public enum PhoshBannerFinder {
    /// The banner and where to click on it.
    public struct Banner: Sendable {
        public let card: ScreenBox
        public let body: (x: Int, y: Int)
    }

    /// The button row: its extent (for the log) and each button's centre, left to right.
    public struct ButtonRow: Sendable {
        public let extent: ScreenBox
        public let buttons: [(x: Int, y: Int)]
    }

    static func neutral(_ pixel: ScreenImage.Pixel) -> Bool {
        Int(pixel.maximum) - Int(pixel.minimum) <= 3 && pixel.red >= 16
    }

    /// The banner on screen, nil when none is.
    public static func banner(in image: ScreenImage) -> Banner? {
        let column = 20
        guard image.width > 2 * column else { return nil }
        func card(_ x: Int, _ y: Int) -> Bool { neutral(image.pixel(x, y)) }
        var y = 0
        while y < image.height {
            if !card(column, y) {
                y += 1
                continue
            }
            let top = y
            while y < image.height, card(column, y) { y += 1 }
            guard y - top > 30 else { continue }  // not a stray line
            let middle = (top + y - 1) / 2
            var left = column
            while left > 0, card(left - 1, middle) { left -= 1 }
            var right = column
            while right + 1 < image.width, card(right + 1, middle) { right += 1 }
            return Banner(
                card: ScreenBox(x: left, y: top, width: right - left + 1, height: y - top),
                body: ((left + right) / 2, top + 50))
        }
        return nil
    }

    /// `banner`'s `count` action buttons; fails unless exactly `count` are drawn.
    public static func buttons(in image: ScreenImage, banner: Banner, count: Int) throws -> ButtonRow {
        let card = banner.card
        let (left, right) = (card.x, card.x + card.width - 1)
        let background = Int(image.pixel(left + 4, card.y + 20).red)  // the card's own colour
        func button(_ x: Int, _ y: Int) -> Bool {
            let pixel = image.pixel(x, y)
            return neutral(pixel) && (50...82).contains(pixel.red) && abs(Int(pixel.red) - background) > 10
        }
        let rows = (card.y..<(card.y + card.height)).filter { y in
            (left...right).filter { button($0, y) }.count > 40
        }
        guard let rowBottom = rows.last else { throw HarnessError("phosh-buttons: the banner has no action buttons") }
        let present = Set(rows)
        var rowTop = rowBottom
        while present.contains(rowTop - 1) { rowTop -= 1 }
        let probe = rowTop + 3
        var runs: [ClosedRange<Int>] = []
        var x = left
        while x <= right {
            guard button(x, probe) else {
                x += 1
                continue
            }
            let start = x
            while x <= right, button(x, probe) { x += 1 }
            if x - start > 10 { runs.append(start...(x - 1)) }
        }
        guard runs.count == count, let first = runs.first, let last = runs.last else {
            throw HarnessError("phosh-buttons: \(runs.count) button(s) drawn, not \(count): \(runs)")
        }
        let row = (rowTop + rowBottom) / 2
        return ButtonRow(
            extent: ScreenBox(
                x: first.lowerBound, y: rowTop, width: last.upperBound - first.lowerBound + 1,
                height: rowBottom - rowTop + 1),
            buttons: runs.map { (($0.lowerBound + $0.upperBound) / 2, row) })
    }
}
