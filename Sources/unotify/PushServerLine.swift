/// The line `unotify push --register` writes on stderr after the subscription: which push
/// server the app's messages go through, the origin of the endpoint the distributor gave. An
/// endpoint at KUnifiedPush's packaged default (`https://unifiedpush.kde.org/`, which it uses
/// when the user's settings name no server, and answers a registration at once even when that
/// server cannot be reached) says so, since the user may not have chosen it.
enum PushServerLine {
    static let kdeDefaultHost = "unifiedpush.kde.org"

    /// "push server: ORIGIN", with a note for KUnifiedPush's default; nil when the subscription
    /// (the agent's JSON, its `endpoint` first) holds no endpoint URL.
    static func line(subscription: String) -> String? {
        let key = #""endpoint":""#
        guard let start = subscription.firstRange(of: key)?.upperBound,
            let scheme = subscription[start...].firstRange(of: "://")
        else { return nil }
        let rest = subscription[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "\"" && $0 != "?" }
        guard !authority.isEmpty else { return nil }
        return line(origin: String(subscription[start..<scheme.upperBound]) + authority)
    }

    /// "push server: ORIGIN" for an origin (`https://ntfy.example.org`), with a note for
    /// KUnifiedPush's default.
    static func line(origin: String) -> String {
        let authority = origin.split(separator: "://", maxSplits: 1).last ?? ""
        let host = authority.split(separator: "@").last?.split(separator: ":").first.map(String.init) ?? ""
        guard host == kdeDefaultHost else { return "push server: \(origin)" }
        return "push server: \(origin) (KUnifiedPush's default, used when its settings name no server; "
            + "choose yours in System Settings → Push Notifications)"
    }
}
