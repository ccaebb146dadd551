import Crypto
import Foundation

/// A Web Push subscription's secrets, as the receiving side keeps them (RFC 8291 §2): a P-256
/// key pair, whose public half the sender knows as `p256dh`, and a 16-byte `auth` secret.
package struct WebPushKeys: Sendable {
    /// The length of the auth secret (RFC 8291 §3.2).
    package static let authSecretLength = 16

    /// The private key's 32-byte scalar, as stored.
    package let privateKeyBytes: Data
    /// The public key as the sender gets it: the uncompressed point (65 bytes, `04 || X || Y`).
    package let publicKey: Data
    /// The subscription's auth secret.
    package let authSecret: Data

    /// Fresh keys from the system's random generator.
    package init() {
        let key = P256.KeyAgreement.PrivateKey()
        privateKeyBytes = key.rawRepresentation
        publicKey = key.publicKey.x963Representation
        authSecret = SymmetricKey(size: SymmetricKeySize(bitCount: Self.authSecretLength * 8)).withUnsafeBytes {
            Data($0)
        }
    }

    /// Keys read back: the private key's 32-byte scalar and the 16-byte auth secret; nil when
    /// either is malformed.
    package init?(privateKey raw: Data, authSecret: Data) {
        guard authSecret.count == Self.authSecretLength,
            // try?: stored keys that do not load are no keys (nil), which the subscription reports as such
            let key = try? P256.KeyAgreement.PrivateKey(rawRepresentation: raw)
        else { return nil }
        privateKeyBytes = key.rawRepresentation
        publicKey = key.publicKey.x963Representation
        self.authSecret = authSecret
    }

    /// The private key, for key agreement (the bytes were checked when the keys were made).
    func agreementKey() throws -> P256.KeyAgreement.PrivateKey {
        try P256.KeyAgreement.PrivateKey(rawRepresentation: privateKeyBytes)
    }
}
