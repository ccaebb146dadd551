/// A rectangle on screen by its top left corner and its size: a window's geometry (`xdotool
/// getwindowgeometry`, or `WxH+X+Y` as ImageMagick and `--geometry` write it), or a popup card
/// a reader found.
public struct ScreenBox: Equatable, Sendable {
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

    /// `WxH+X+Y`; nil if `text` is none.
    public init?(geometry text: String) {
        let size = text.split(separator: "+", omittingEmptySubsequences: false)
        let extent = size.first?.split(separator: "x") ?? []
        guard size.count == 3, extent.count == 2, let width = Int(extent[0]), let height = Int(extent[1]),
            let x = Int(size[1]), let y = Int(size[2])
        else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }

    /// What `xdotool getwindowgeometry --shell` prints (`X=`, `Y=`, `WIDTH=`, `HEIGHT=` lines);
    /// nil if a field is missing.
    init?(xdotoolShell text: String) {
        var fields: [String: Int] = [:]
        for word in text.split(whereSeparator: \.isWhitespace) {
            let parts = word.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = Int(parts[1]) }
        }
        guard let x = fields["X"], let y = fields["Y"], let width = fields["WIDTH"], let height = fields["HEIGHT"]
        else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }

    /// Its `X Y W H` in an output line.
    var words: String { "\(x) \(y) \(width) \(height)" }
}
