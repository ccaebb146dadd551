/// Finds Enlightenment 0.25's notification popups in a screenshot of the screen: E draws them
/// in its compositor canvas (no X windows), as near-black cards (about #05080b) at the top
/// right, on its darker blue wallpaper, stacked downwards, the newest lowest. A card is a run of
/// more than 40 rows, in the screen's top half, where three pixels 60 px from the right edge are
/// dark (every channel below 16); its sides are where its third row stops being dark. Its close
/// cross is the right-most bright glyph (every channel above 200, 12 px wide) in its top 40 rows.
public enum EnlightenmentPopupFinder {
    /// The cards on screen, top to bottom (the newest last).
    public static func popups(in image: ScreenImage) -> [ScreenBox] {
        let (width, height) = (image.width, image.height)
        let column = width - 60
        guard column >= 0 else { return [] }
        func dark(_ x: Int, _ y: Int) -> Bool { image.pixel(x, y).maximum < 16 }
        var cards: [(top: Int, bottom: Int)] = []
        var start: Int?
        for y in 0...(height / 2) {
            let on = y < height / 2 && [0, 3, 6].allSatisfy { dark(column + $0, y) }
            if on, start == nil { start = y }
            if !on, let begun = start {
                if y - begun > 40 { cards.append((begun, y - 1)) }  // a card, not a dark speck of the wallpaper
                start = nil
            }
        }
        return cards.map { card in
            var left = column
            while left > width / 2, dark(left - 1, card.top + 2) { left -= 1 }
            var right = column
            while right + 1 < width, dark(right + 1, card.top + 2) { right += 1 }
            return ScreenBox(x: left, y: card.top, width: right - left + 1, height: card.bottom - card.top + 1)
        }
    }

    /// The centre of `popup`'s close cross.
    public static func closeCross(in image: ScreenImage, popup: ScreenBox) throws -> (x: Int, y: Int) {
        let width = image.width
        let bottom = popup.y + popup.height - 1
        var points: [(x: Int, y: Int)] = []
        for y in stride(from: popup.y, to: min(popup.y + 40, bottom), by: 1) {
            for x in (width / 2)..<width where image.pixel(x, y).minimum > 200 { points.append((x, y)) }
        }
        guard let rightmost = points.map(\.x).max() else {
            throw HarnessError("e-popups: the newest popup has no close cross")
        }
        let glyph = points.filter { $0.x >= rightmost - 12 }
        let left = glyph.map(\.x).min() ?? rightmost
        let top = glyph.map(\.y).min() ?? popup.y
        let low = glyph.map(\.y).max() ?? popup.y
        return ((left + rightmost) / 2, (top + low) / 2)
    }
}
