/// What a notification server says it can do (`GetCapabilities`), unknown capabilities kept.
public struct ServerCapabilities: Hashable, Sendable, CustomStringConvertible {
    /// The capabilities the specification (and KDE's `inline-reply` and `inhibitions`) defines.
    public enum Known: String, Hashable, Sendable, CaseIterable {
        case actionIcons = "action-icons"
        case actions
        case body
        case bodyHyperlinks = "body-hyperlinks"
        case bodyImages = "body-images"
        case bodyMarkup = "body-markup"
        case iconMulti = "icon-multi"
        case iconStatic = "icon-static"
        case persistence
        case sound
        case inlineReply = "inline-reply"
        /// KDE's do-not-disturb: `Inhibit` / `UnInhibit` and the `Inhibited` property.
        case inhibitions
    }

    public var known: Set<Known>
    /// Vendor capabilities such as `x-dunst-stack-tag` or `x-canonical-append`.
    public var unrecognized: Set<String>

    public init(known: Set<Known> = [], unrecognized: Set<String> = []) {
        self.known = known
        self.unrecognized = unrecognized
    }

    /// Sorts the server's strings into known and unrecognized.
    public init(_ strings: [String]) {
        var known: Set<Known> = []
        var unrecognized: Set<String> = []
        for string in strings {
            if let capability = Known(rawValue: string) {
                known.insert(capability)
            } else {
                unrecognized.insert(string)
            }
        }
        self.init(known: known, unrecognized: unrecognized)
    }

    public func contains(_ capability: Known) -> Bool { known.contains(capability) }

    /// Every capability as the server spelled it, sorted.
    public var strings: [String] { (known.map(\.rawValue) + unrecognized).sorted() }

    public var description: String { strings.joined(separator: " ") }
}
