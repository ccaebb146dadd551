import Crypto
import Foundation

/// Decrypts a Web Push message (RFC 8291) in the `aes128gcm` content coding (RFC 8188), with
/// the subscription's ``WebPushKeys``. All cryptography is swift-crypto's.
///
/// The body is a header, `salt (16) || rs (4, big-endian) || idlen (1) || keyid (idlen)`, where
/// the key id is the sender's ephemeral public key, then records of `rs` bytes (the last one
/// shorter). The content key and nonce come from ECDH with the sender's key and two HKDF steps
/// keyed by the auth secret and the salt (RFC 8291 §3.3–3.4); each record is AES-128-GCM with
/// the nonce XORed with its sequence number, its plaintext followed by a delimiter (0x02 in
/// the last record, 0x01 before) and zero padding.
package enum WebPushDecryption {
    /// The largest body accepted, header included (RFC 8030 §7.2's 4 096 bytes).
    package static let maximumBodyBytes = 4_096
    /// RFC 8188's smallest record: one byte of delimiter and the 16-byte tag, plus one.
    static let minimumRecordSize: UInt32 = 18
    static let headerLength = 21
    static let tagLength = 16

    /// The plaintext of `body`, or the reason it does not decrypt (never a crash).
    package static func decrypt(_ body: Data, with keys: WebPushKeys) throws(WebPushDecryptionError) -> Data {
        let bytes = [UInt8](body)
        guard bytes.count <= maximumBodyBytes else {
            throw .tooLarge(bytes: bytes.count, limit: maximumBodyBytes)
        }
        guard bytes.count >= headerLength else { throw .truncated(bytes: bytes.count) }
        let salt = Data(bytes[0..<16])
        let recordSize = bytes[16..<20].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let idLength = Int(bytes[20])
        guard recordSize >= minimumRecordSize else { throw .recordSizeOutOfRange(recordSize) }
        let recordsStart = headerLength + idLength
        guard bytes.count > recordsStart else { throw .truncated(bytes: bytes.count) }
        let senderKey: P256.KeyAgreement.PublicKey
        do {
            senderKey = try P256.KeyAgreement.PublicKey(x963Representation: bytes[headerLength..<recordsStart])
        } catch {
            throw .invalidSenderKey(idLength: idLength)
        }
        let (key, nonce) = try contentKeyAndNonce(keys: keys, senderKey: senderKey, salt: salt)
        return try open(bytes[recordsStart...], recordSize: Int(recordSize), key: key, nonce: nonce)
    }

    /// The content-encryption key and base nonce (RFC 8291 §3.4, RFC 8188 §2.2–2.3).
    private static func contentKeyAndNonce(keys: WebPushKeys, senderKey: P256.KeyAgreement.PublicKey, salt: Data)
        throws(WebPushDecryptionError) -> (SymmetricKey, [UInt8])
    {
        let shared: SharedSecret
        do {
            shared = try keys.agreementKey().sharedSecretFromKeyAgreement(with: senderKey)
        } catch {
            throw .invalidSenderKey(idLength: senderKey.x963Representation.count)
        }
        // IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
        let keyInfo = Data("WebPush: info".utf8) + [0] + keys.publicKey + senderKey.x963Representation
        let inputKey = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: keys.authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        let pseudoRandomKey = HKDF<SHA256>.extract(inputKeyMaterial: inputKey, salt: salt)
        let contentKey = HKDF<SHA256>.expand(
            pseudoRandomKey: pseudoRandomKey, info: Data("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16)
        let nonce = HKDF<SHA256>.expand(
            pseudoRandomKey: pseudoRandomKey, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        return (contentKey, nonce.withUnsafeBytes { [UInt8]($0) })
    }

    /// The records' plaintexts, joined, their padding removed.
    private static func open(_ records: ArraySlice<UInt8>, recordSize: Int, key: SymmetricKey, nonce: [UInt8])
        throws(WebPushDecryptionError) -> Data
    {
        var plaintext = Data()
        var start = records.startIndex
        var sequence: UInt64 = 0
        while start < records.endIndex {
            let end = min(start + recordSize, records.endIndex)
            let isLast = end == records.endIndex
            let record = records[start..<end]
            guard record.count > tagLength else { throw .truncated(bytes: records.count) }
            let opened = try openRecord(record, number: sequence, key: key, nonce: nonce)
            guard let delimiter = opened.lastIndex(where: { $0 != 0 }), opened[delimiter] == (isLast ? 2 : 1) else {
                throw .invalidPadding(record: Int(sequence))
            }
            plaintext.append(contentsOf: opened[..<delimiter])
            start = end
            sequence += 1
        }
        return plaintext
    }

    private static func openRecord(_ record: ArraySlice<UInt8>, number: UInt64, key: SymmetricKey, nonce: [UInt8])
        throws(WebPushDecryptionError) -> [UInt8]
    {
        var recordNonce = nonce
        for index in 0..<8 { recordNonce[11 - index] ^= UInt8(truncatingIfNeeded: number >> (8 * UInt64(index))) }
        let tagStart = record.endIndex - tagLength
        do {
            let box = try AES.GCM.SealedBox(
                nonce: AES.GCM.Nonce(data: recordNonce), ciphertext: record[..<tagStart], tag: record[tagStart...])
            return [UInt8](try AES.GCM.open(box, using: key))
        } catch {
            throw .authenticationFailed(record: Int(number))
        }
    }
}
