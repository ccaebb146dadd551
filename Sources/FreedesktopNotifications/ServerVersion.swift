/// A server's version as `GetServerInformation` reports it, compared part by part: "6.7.4",
/// "48.7", "1.9.0 (2022-06-27)" (the leading dotted numbers count, the rest is ignored).
public struct ServerVersion: Comparable, Sendable, CustomStringConvertible {
    /// The numbers, most significant first.
    public let parts: [Int]

    /// The version `text` starts with; nil when it starts with no number.
    public init?(_ text: String) {
        var parts: [Int] = []
        for piece in text.prefix(while: { $0.isNumber || $0 == "." }).split(separator: ".") {
            guard let number = Int(piece) else { break }
            parts.append(number)
        }
        guard !parts.isEmpty else { return nil }
        self.parts = parts
    }

    /// A version from its numbers, e.g. `ServerVersion(46)`.
    public init(_ parts: Int...) { self.parts = parts }

    /// Equal part by part, a missing part counting as 0 ("1.9" == "1.9.0").
    public static func == (lhs: ServerVersion, rhs: ServerVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    /// Earlier part by part, a missing part counting as 0.
    public static func < (lhs: ServerVersion, rhs: ServerVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0
            let right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    /// The numbers joined by dots, e.g. `6.7.4`.
    public var description: String { parts.map(String.init).joined(separator: ".") }
}
