/// Why a Web Push message (RFC 8291, `aes128gcm`) did not decrypt: each case says what to look
/// at, for the agent's log line.
package enum WebPushDecryptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The body is larger than Web Push allows (RFC 8030 §7.2: 4 096 bytes).
    case tooLarge(bytes: Int, limit: Int)
    /// The body ends inside its header (salt, record size, key id) or has no record after it.
    case truncated(bytes: Int)
    /// The header's record size is below RFC 8188's minimum of 18 bytes.
    case recordSizeOutOfRange(UInt32)
    /// The key id is not the sender's uncompressed P-256 public key (65 bytes, RFC 8291 §4).
    case invalidSenderKey(idLength: Int)
    /// A record failed AES-GCM authentication: the message was encrypted for another key or
    /// auth secret, or changed on the way.
    case authenticationFailed(record: Int)
    /// A record's padding has no delimiter, or the wrong one (0x01 for a record before the last,
    /// 0x02 for the last: RFC 8188 §2).
    case invalidPadding(record: Int)

    package var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            "the message is \(bytes) bytes; Web Push allows at most \(limit)"
        case .truncated(let bytes):
            "the message is truncated (\(bytes) bytes: no complete aes128gcm header and record)"
        case .recordSizeOutOfRange(let size):
            "the record size \(size) is out of range (aes128gcm needs at least 18)"
        case .invalidSenderKey(let length):
            "the key id (\(length) bytes) is not the sender's uncompressed P-256 public key"
        case .authenticationFailed(let record):
            "record \(record) does not decrypt: wrong key or auth secret, or the message was altered"
        case .invalidPadding(let record):
            "record \(record) has no valid padding delimiter"
        }
    }
}
