/// A shape a reader found on screen, by its centre (where to click) and its size; printed as
/// `INDEX X Y WIDTH HEIGHT`.
public struct FoundButton: Equatable, Sendable {
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The same shape `dx`, `dy` pixels further (from a window's pixels to the screen's).
    func moved(by dx: Int, _ dy: Int) -> FoundButton { FoundButton(x: x + dx, y: y + dy, width: width, height: height) }

    /// Its output line, `INDEX X Y WIDTH HEIGHT`.
    func line(_ index: Int) -> String { "\(index) \(x) \(y) \(width) \(height)" }
}
