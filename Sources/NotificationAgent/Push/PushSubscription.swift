import Foundation

/// One app's registration for remote notifications, as `push.json` keeps it: the connection
/// token the distributor knows it by, its Web Push keys, the endpoint the distributor gave, and
/// the app server's VAPID key when it has one.
package struct PushSubscription: Codable, Equatable, Sendable {
    /// The connection token (a UUIDv4, as the spec suggests).
    package var token: String
    /// The private key's 32-byte scalar, base64url.
    package var privateKey: String
    /// The 16-byte auth secret, base64url.
    package var auth: String
    /// The push endpoint URL, once the distributor has sent it.
    package var endpoint: String?
    /// The distributor's bus name it was registered with.
    package var distributor: String
    /// The app server's VAPID public key given in `Register` (base64url, 87 characters), when
    /// the app registered with one (``VAPIDPublicKey``).
    package var serverKey: String?

    /// A fresh registration with new keys and token, for `distributor`.
    package init(distributor: String, keys: WebPushKeys = WebPushKeys()) {
        token = UUID().uuidString.lowercased()
        privateKey = Base64URL.encode(keys.privateKeyBytes)
        auth = Base64URL.encode(keys.authSecret)
        self.distributor = distributor
    }

    /// The keys, or nil when the stored ones are malformed.
    package var keys: WebPushKeys? {
        guard let raw = Base64URL.decode(privateKey), let secret = Base64URL.decode(auth) else { return nil }
        return WebPushKeys(privateKey: raw, authSecret: secret)
    }

    /// The subscription as a browser's `PushSubscription.toJSON()` gives it (what every Web Push
    /// server library takes); nil before the endpoint is known.
    package var json: String? {
        guard let endpoint, let keys else { return nil }
        let object: [String: Any] = [
            "endpoint": endpoint, "expirationTime": NSNull(),
            "keys": ["p256dh": Base64URL.encode(keys.publicKey), "auth": auth],
        ]
        guard
            // try?: strings and numbers only: it serializes; nil is handled by the caller as "no subscription"
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
