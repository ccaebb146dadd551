/// Enlightenment 0.27's action buttons: bare light labels in one row under the body of its
/// card, right of the card's icon, like budgie's (``LabelButtonFinder``).
extension EnlightenmentPopupFinder {
    /// The `count` labels of `popup`'s button row, left to right, in screen coordinates. The
    /// labels are looked for right of where the title starts (the title is the only light text
    /// in the card's top 25 rows besides the close cross, whose 30 right-most columns are left
    /// out) and below the title's rows, so that the icon left of the text is no label.
    public static func buttons(in image: ScreenImage, popup: ScreenBox, count: Int) throws -> [FoundButton] {
        func light(_ x: Int, _ y: Int) -> Bool { image.pixel(x, y).minimum > 170 }
        let right = min(image.width, popup.x + popup.width) - 30
        let titleRows = popup.y..<min(popup.y + 25, image.height)
        guard
            let textLeft = (popup.x..<max(popup.x, right)).first(where: { x in titleRows.contains { light(x, $0) } })
        else { throw HarnessError("e-popups: the newest popup has no title to place its buttons by") }
        let left = max(popup.x, textLeft - 2)
        let top = titleRows.upperBound
        let bottom = min(image.height, popup.y + popup.height)
        guard right > left, bottom > top else { throw HarnessError("e-popups: the newest popup is too small") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((right - left) * (bottom - top) * 3)
        for y in top..<bottom {
            for x in left..<right {
                let pixel = image.pixel(x, y)
                bytes += [pixel.red, pixel.green, pixel.blue]
            }
        }
        let card = try ScreenImage(width: right - left, height: bottom - top, channels: 3, bytes: bytes)
        return try LabelButtonFinder.buttons(in: card, count: count, window: "Enlightenment's popup").map {
            FoundButton(x: $0.x + left, y: $0.y + top, width: $0.width, height: $0.height)
        }
    }
}
