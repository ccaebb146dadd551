import Crypto
import NotificationAgentClient

/// An app server's VAPID public key (RFC 8292), as `RegisterPushWithServerKey` takes it and the
/// UnifiedPush `Register` call's `vapid` carries it: an uncompressed P-256 point (65 bytes,
/// first 0x04) in base64url without padding, 87 characters, which is what a browser's
/// `PushManager.subscribe` takes as `applicationServerKey`.
package enum VAPIDPublicKey {
    /// `text` when it is such a key; otherwise an ``AgentError`` `.invalidArgument` that says
    /// what a key looks like.
    package static func validated(_ text: String) throws -> String {
        guard text.utf8.count == 87, let bytes = Base64URL.decode(text), bytes.count == 65, bytes.first == 4,
            // try?: not a P-256 point: the clear error just below
            (try? P256.Signing.PublicKey(x963Representation: bytes)) != nil
        else {
            throw AgentError(
                .invalidArgument,
                "the application server key must be the app server's VAPID public key: an uncompressed P-256 "
                    + "point (65 bytes starting 0x04) in base64url, 87 characters (the applicationServerKey a "
                    + "browser takes; `openssl ec -pubout` gives it in DER, whose last 65 bytes are the point)")
        }
        return text
    }
}
