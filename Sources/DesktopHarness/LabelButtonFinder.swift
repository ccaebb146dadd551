/// Finds the action buttons of a popup whose buttons are bare labels on one flat face, with no
/// frame or background gap between them (budgie-daemon 10.7's popups): "text" is a pixel whose
/// darkest channel is above 170 (light text on a dark popup); the lowest run of rows with text
/// in the window's lower half (gaps of at most one row) is the button row, and its text
/// columns are split into `count` labels at the `count - 1` widest gaps between them (of equal
/// gaps, the right-most first). A label's box is its columns by the row's height.
public enum LabelButtonFinder {
    /// The `count` labels, left to right, in the window's pixels; `window` names it in errors.
    public static func buttons(in image: ScreenImage, count: Int, window: String) throws -> [FoundButton] {
        func text(_ x: Int, _ y: Int) -> Bool { image.pixel(x, y).minimum > 170 }
        let rows = (image.height / 2..<image.height).filter { y in (0..<image.width).contains { text($0, y) } }
        guard let lowest = rows.last else {
            throw HarnessError("label_buttons: no text in the lower half of window \(window)")
        }
        let high = lowest
        var low = lowest
        for y in rows.dropLast().reversed() {
            if low - y > 2 { break }
            low = y
        }
        let columns = (0..<image.width).filter { x in (low...high).contains { text(x, $0) } }
        // The widest gaps, of equal ones the later first (Python's reverse sort of (gap, index)).
        let gaps = (0..<max(0, columns.count - 1)).map { (gap: columns[$0 + 1] - columns[$0], index: $0) }
            .sorted { ($0.gap, $0.index) > ($1.gap, $1.index) }
        // Python's gaps[:count - 1]: with count 0, all but the last.
        let kept = count - 1 >= 0 ? Array(gaps.prefix(count - 1)) : Array(gaps.dropLast(1 - count))
        var groups: [ArraySlice<Int>] = []
        var start = 0
        for cut in kept.map(\.index).sorted() {
            groups.append(columns[start...cut])
            start = cut + 1
        }
        groups.append(columns[start...])
        guard groups.count == count, !groups.contains(where: \.isEmpty) else {
            throw HarnessError("label_buttons: found \(groups.count) labels, expected \(count)")
        }
        return groups.compactMap { group in
            guard let first = group.first, let last = group.last else { return nil }
            return FoundButton(
                x: (first + last) / 2, y: (low + high) / 2, width: last - first + 1, height: high - low + 1)
        }
    }
}
