import Foundation

/// Which push endpoints a subscription may hand to an app server: Web Push (RFC 8030) is
/// `https` only; plain `http` is taken on loopback alone (`127.0.0.0/8`, `::1`, `localhost`),
/// where a local push service is tested.
enum WebPushEndpoint {
    /// Why `endpoint` cannot be a subscription's endpoint; `nil` when it can.
    static func problem(_ endpoint: String) -> String? {
        guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(),
            let host = url.host?.lowercased(), !host.isEmpty
        else { return "it is not an absolute URL with a host" }
        switch scheme {
        case "https": return nil
        case "http" where isLoopback(host): return nil
        case "http": return "Web Push requires https (plain http only on loopback, for tests)"
        default: return "its scheme \(scheme) is not https"
        }
    }

    /// The origin of `endpoint` (`https://push.example:8443`), where its push server is; nil
    /// when it is no absolute URL with a host.
    static func origin(_ endpoint: String) -> String? {
        guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(), let host = url.host,
            !host.isEmpty
        else { return nil }
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }

    private static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
