import Crypto

/// The id of a push message whose distributor sent none (KUnifiedPush with ntfy sends none): its
/// body's SHA-256, as `body:` and 22 characters of base64url (the first 16 bytes). aes128gcm
/// gives every message a random 16-byte salt (RFC 8188 §2.1), so two messages never have the
/// same bytes, and the same bytes handed over again are the same message: a replay, which the
/// agent drops like one with an id it has seen, across restarts too (`push-seen.journal`).
enum BodyMessageID {
    static func of(_ body: [UInt8]) -> String {
        "body:" + Base64URL.encode(SHA256.hash(data: body).prefix(16))
    }
}
