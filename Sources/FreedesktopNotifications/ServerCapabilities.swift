/// What a notification server says it can do (`GetCapabilities`), unknown capabilities kept.
public struct ServerCapabilities: Hashable, Sendable, CustomStringConvertible {
    /// The capabilities the specification (and KDE's `inline-reply` and `inhibitions`) defines.
    public enum Known: String, Hashable, Sendable, CaseIterable {
        /// `action-icons`: actions are shown as icons named by their keys.
        case actionIcons = "action-icons"
        /// `actions`: the server shows actions and reports them with `ActionInvoked`.
        case actions
        /// `body`: the server shows the body.
        case body
        /// `body-hyperlinks`: the body may hold links.
        case bodyHyperlinks = "body-hyperlinks"
        /// `body-images`: the body may hold images.
        case bodyImages = "body-images"
        /// `body-markup`: the body may hold a small HTML subset.
        case bodyMarkup = "body-markup"
        /// `icon-multi`: the server animates a sequence of icons.
        case iconMulti = "icon-multi"
        /// `icon-static`: the server shows one icon.
        case iconStatic = "icon-static"
        /// `persistence`: notifications are kept until the user acknowledges or removes them.
        case persistence
        /// `sound`: the server plays sounds itself (the `sound-file` and `suppress-sound` hints).
        case sound
        /// `inline-reply`: KDE's reply field, answered with `NotificationReplied`.
        case inlineReply = "inline-reply"
        /// KDE's do-not-disturb: `Inhibit` / `UnInhibit` and the `Inhibited` property.
        case inhibitions
    }

    /// The capabilities this module knows the meaning of.
    public var known: Set<Known>
    /// Vendor capabilities such as `x-dunst-stack-tag` or `x-canonical-append`.
    public var unrecognized: Set<String>

    /// Capabilities from already sorted sets.
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

    /// Whether the server has `capability`.
    public func contains(_ capability: Known) -> Bool { known.contains(capability) }

    /// Every capability as the server spelled it, sorted.
    public var strings: [String] { (known.map(\.rawValue) + unrecognized).sorted() }

    /// Every capability as the server spelled it, sorted and separated by spaces.
    public var description: String { strings.joined(separator: " ") }
}
