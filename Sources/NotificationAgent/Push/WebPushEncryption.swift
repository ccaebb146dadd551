import Crypto
import Foundation

/// An application server's side of RFC 8291, for tests and benchmarks (the agent only
/// decrypts): encrypts a plaintext for a subscription's keys in one `aes128gcm` record, with a
/// fresh sender key and salt, with swift-crypto as ``WebPushDecryption`` does.
package enum WebPushEncryption {
    /// `plaintext` encrypted for `keys`' public key and auth secret.
    package static func encrypt(_ plaintext: Data, to keys: WebPushKeys, recordSize: UInt32 = 4_096) throws -> Data {
        try encrypt(plaintext, publicKey: keys.publicKey, authSecret: keys.authSecret, recordSize: recordSize)
    }

    /// Encrypts for a subscription as its JSON gives it: the receiver's public key and auth secret.
    package static func encrypt(_ plaintext: Data, publicKey: Data, authSecret: Data, recordSize: UInt32 = 4_096) throws
        -> Data
    {
        let sender = P256.KeyAgreement.PrivateKey()
        let salt = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        let shared = try sender.sharedSecretFromKeyAgreement(
            with: P256.KeyAgreement.PublicKey(x963Representation: publicKey))
        let info = Data("WebPush: info".utf8) + [0] + publicKey + sender.publicKey.x963Representation
        let inputKey = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: authSecret, sharedInfo: info, outputByteCount: 32)
        let prk = HKDF<SHA256>.extract(inputKeyMaterial: inputKey, salt: salt)
        let key = HKDF<SHA256>.expand(
            pseudoRandomKey: prk, info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.expand(
            pseudoRandomKey: prk, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        let sealed = try AES.GCM.seal(
            plaintext + [2], using: key, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
        let sizeBytes = (0..<4).map { UInt8(truncatingIfNeeded: recordSize >> (8 * (3 - $0))) }
        return salt + sizeBytes + [65] + sender.publicKey.x963Representation + sealed.ciphertext + sealed.tag
    }
}
