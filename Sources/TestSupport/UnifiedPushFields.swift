import DBus

/// The UnifiedPush D-Bus specification's rules for the fields of a distributor's calls: "Any
/// call containing a parameter field that do not follow the specification MUST be ignored".
/// Each check throws `org.freedesktop.DBus.Error.InvalidArgs`, and the call changes nothing.
enum UnifiedPushFields {
    /// A token: 1 to 100 bytes of UTF-8.
    static func checkToken(_ token: String) throws {
        guard (1...100).contains(token.utf8.count) else {
            throw DBusError(.invalidArgs, "the token must be 1 to 100 bytes of UTF-8")
        }
    }

    /// `Register`'s fields: a token, the connector's well-known bus name (at most 255 bytes), a
    /// description of at most 100 bytes, and a VAPID key that is absent, empty or 87 base64url
    /// characters (an uncompressed P-256 point).
    static func checkRegistration(service: String, token: String, description: String, vapid: String) throws {
        try checkToken(token)
        guard isWellKnownBusName(service), service.utf8.count <= 255 else {
            throw DBusError(.invalidArgs, "service must be the connector's bus name")
        }
        guard description.utf8.count <= 100 else {
            throw DBusError(.invalidArgs, "the description must be at most 100 bytes")
        }
        guard vapid.isEmpty || (vapid.utf8.count == 87 && vapid.utf8.allSatisfy(isBase64URL)) else {
            throw DBusError(.invalidArgs, "the vapid key must be 87 base64url characters (a P-256 point)")
        }
    }

    /// Two or more dot-separated elements of `[A-Za-z0-9_-]`, none empty or starting with a digit.
    static func isWellKnownBusName(_ name: String) -> Bool {
        let elements = name.split(separator: ".", omittingEmptySubsequences: false)
        return elements.count >= 2
            && elements.allSatisfy { element in
                guard let first = element.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
                    return false
                }
                return element.utf8.allSatisfy { isBase64URL($0) }
            }
    }

    /// `[A-Za-z0-9_-]`.
    static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
