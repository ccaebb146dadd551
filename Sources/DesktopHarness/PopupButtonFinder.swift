/// Finds the action buttons of a notification popup window (xfce4-notifyd, notification-daemon,
/// mate-notification-daemon, lxqt-notificationd) in its pixels, without asking its toolkit:
///
/// * "ink" is a colour edge, a step of more than 24 in a channel from the pixel on the left or
///   above (so gradients and buttons covering most of a row are no ink), on an opaque pixel
///   outside the 16x16 corner squares (shaped popups' rounded corners come back black);
/// * a frame line (the window's border, mate's coloured stripe) is one unbroken run of ink over
///   95 % of the window: such columns, and such rows within 10 px of the top or bottom edge,
///   are left out;
/// * the bottom-most band of consecutive rows with ink holds the buttons (all four servers put
///   the action row at the bottom; `top`: the top-most band, the title row with the close
///   "X"); its ink columns are grouped into clusters apart by more than `gap` px of background,
///   and the right-most `count` clusters are the buttons (left-most ones are e.g. the tail of
///   an image);
/// * a button's height is its cluster's bottom-most unbroken run of ink rows in the band (the
///   top-most with `top`): a band can span the whole popup (mate's title, body and buttons
///   touch), and a cluster can hold the close "X" above a button.
public struct PopupButtonFinder: Sendable {
    /// Clusters closer than this many pixels are one (`--gap`).
    public var gap = 5
    /// Clusters narrower than this are left out (`--min-width`: mate's countdown pie).
    public var minimumWidth = 0
    /// The top-most band instead of the bottom-most (`--top`).
    public var top = false

    static let threshold = 24
    static let corner = 16
    static let edge = 10

    /// The band of rows analysed and its clusters of ink columns, left to right.
    public struct Analysis: Sendable {
        public let rows: ClosedRange<Int>
        public let clusters: [ClosedRange<Int>]
        let ink: [[Bool]]
    }

    public init(gap: Int = 5, minimumWidth: Int = 0, top: Bool = false) {
        self.gap = gap
        self.minimumWidth = minimumWidth
        self.top = top
    }

    /// The band and its clusters; fails with "no content found" when the window has no ink.
    public func analyse(_ image: ScreenImage) throws -> Analysis {
        let (width, height) = (image.width, image.height)
        let corner = Self.corner
        func inCorner(_ x: Int, _ y: Int) -> Bool {
            (x < corner || x >= width - corner) && (y < corner || y >= height - corner)
        }
        var ink = Array(repeating: Array(repeating: false, count: width), count: height)
        for y in 1..<max(1, height) {
            for x in 1..<max(1, width) where image.alpha(x, y) >= 128 && !inCorner(x, y) {
                let here = image.pixel(x, y)
                ink[y][x] =
                    here.difference(from: image.pixel(x - 1, y)) > Self.threshold
                    || here.difference(from: image.pixel(x, y - 1)) > Self.threshold
            }
        }
        let innerRows = corner..<max(corner, height - corner)
        let innerColumns = corner..<max(corner, width - corner)
        func longestRun(_ bits: some Sequence<Bool>) -> Int {
            var (best, current) = (0, 0)
            for bit in bits {
                current = bit ? current + 1 : 0
                best = max(best, current)
            }
            return best
        }
        let frameColumns = Set(
            (0..<width).filter { x in
                Double(longestRun(innerRows.lazy.map { ink[$0][x] })) >= 0.95 * Double(innerRows.count)
            })
        let frameRows = Set(
            (0..<height).filter { y in
                (y < Self.edge || y >= height - Self.edge)
                    && Double(longestRun(innerColumns.lazy.map { ink[y][$0] })) >= 0.95 * Double(innerColumns.count)
            })
        let columns = (0..<width).filter { !frameColumns.contains($0) }
        let rowInk = (0..<height).map { y in !frameRows.contains(y) && columns.contains { ink[y][$0] } }
        var (first, last): (Int, Int)
        if top {
            guard let start = rowInk.firstIndex(of: true) else { throw HarnessError("no content found") }
            (first, last) = (start, start)
            while last < height - 1, rowInk[last + 1] { last += 1 }
        } else {
            guard let end = rowInk.lastIndex(of: true) else { throw HarnessError("no content found") }
            (first, last) = (end, end)
            while first > 0, rowInk[first - 1] { first -= 1 }
        }
        var clusters: [ClosedRange<Int>] = []
        for x in columns where (first...last).contains(where: { ink[$0][x] }) {
            if let previous = clusters.last, x - previous.upperBound <= gap {
                clusters[clusters.count - 1] = previous.lowerBound...x
            } else {
                clusters.append(x...x)
            }
        }
        clusters = clusters.filter { $0.count >= minimumWidth }
        return Analysis(rows: first...last, clusters: clusters, ink: ink)
    }

    /// The right-most `count` clusters (all when `count` is 0) as buttons, in the window's
    /// pixels, left to right; fails when there are fewer.
    public func buttons(_ analysis: Analysis, count: Int) throws -> [FoundButton] {
        var clusters = analysis.clusters
        if count != 0 {
            guard clusters.count >= count else {
                throw HarnessError("found \(clusters.count) button candidates, expected \(count)")
            }
            clusters = Array(clusters.suffix(count))
        }
        let band = analysis.rows
        return clusters.map { cluster in
            let rows = band.filter { y in cluster.contains { analysis.ink[y][$0] } }
            var (low, high) = (band.lowerBound, band.upperBound)
            if let start = top ? rows.first : rows.last {
                let present = Set(rows)
                (low, high) = (start, start)
                if top {
                    while present.contains(high + 1) { high += 1 }
                } else {
                    while present.contains(low - 1) { low -= 1 }
                }
            }
            return FoundButton(
                x: (cluster.lowerBound + cluster.upperBound) / 2, y: (low + high) / 2, width: cluster.count,
                height: high - low + 1)
        }
    }

    /// `--debug`'s line: the band and its clusters, as the Python reader printed them.
    static func debugLine(_ analysis: Analysis) -> String {
        let clusters = analysis.clusters.map { "[\($0.lowerBound), \($0.upperBound)]" }.joined(separator: ", ")
        return "band=y\(analysis.rows.lowerBound)..\(analysis.rows.upperBound) clusters=[\(clusters)]"
    }
}
