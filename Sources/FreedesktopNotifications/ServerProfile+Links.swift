/// Links in a body, for servers that cannot draw them.
extension ServerProfile {
    /// The server shows a whole body as raw text, tags and all, when it holds a link (`<a>`):
    /// awesome's naughty (``ServerBehaviour/showsLinksAsRawText``). The specification lets a
    /// server leave out the tags it does not support; naughty's Pango markup has no `<a>`.
    public var showsLinksAsRawText: Bool { has(.showsLinksAsRawText) }

    /// `body` as this server shows it right: where a link makes the whole body raw text
    /// (``showsLinksAsRawText``), each `<a …>` and `</a>` tag is left out and the link's text kept.
    public func displayableBody(_ body: String) -> String {
        guard showsLinksAsRawText else { return body }
        var result = ""
        var rest = Substring(body)
        while let open = rest.firstIndex(of: "<") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else {
                rest = rest[open...]
                break
            }
            let tag = rest[rest.index(after: open)..<close]
            if !(tag == "a" || tag == "/a" || tag.hasPrefix("a ")) { result += rest[open...close] }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
