import Foundation
import Testing
@testable import NotificationAgent

/// RFC 8291's `aes128gcm` decryption: Appendix A's example, and every malformed message is a
/// clear error, never a crash.
@Suite struct WebPushDecryptionTests {
    /// RFC 8291 Appendix A.
    enum Example {
        static let plaintext = "When I grow up, I want to be a watermelon"
        static let receiverPrivateKey = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
        static let receiverPublicKey =
            "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
        static let body =
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"

        static func keys(authSecret: String = authSecret) throws -> WebPushKeys {
            let key = try #require(Base64URL.decode(receiverPrivateKey))
            let secret = try #require(Base64URL.decode(authSecret))
            return try #require(WebPushKeys(privateKey: key, authSecret: secret))
        }

        static func bytes() throws -> [UInt8] { [UInt8](try #require(Base64URL.decode(body))) }
    }

    static func failure(_ body: [UInt8], _ keys: WebPushKeys) -> WebPushDecryptionError? {
        do {
            _ = try WebPushDecryption.decrypt(Data(body), with: keys)
            return nil
        } catch {
            return error
        }
    }

    @Test func theRFCExampleDecryptsToItsPlaintext() throws {
        let keys = try Example.keys()
        #expect(Base64URL.encode(keys.publicKey) == Example.receiverPublicKey)
        let plaintext = try WebPushDecryption.decrypt(Data(try Example.bytes()), with: keys)
        #expect(String(decoding: plaintext, as: UTF8.self) == Example.plaintext)
    }

    @Test func anotherPrivateKeyFailsAuthentication() throws {
        #expect(Self.failure(try Example.bytes(), WebPushKeys()) == .authenticationFailed(record: 0))
    }

    @Test func anotherAuthSecretFailsAuthentication() throws {
        let keys = try Example.keys(authSecret: "AAAAAAAAAAAAAAAAAAAAAA")
        #expect(Self.failure(try Example.bytes(), keys) == .authenticationFailed(record: 0))
    }

    @Test func aTruncatedHeaderIsTruncated() throws {
        let body = try Example.bytes()
        for length in [0, 1, 16, 20, 21, 86] {
            #expect(Self.failure(Array(body.prefix(length)), try Example.keys()) == .truncated(bytes: length))
        }
    }

    @Test func aTruncatedRecordFails() throws {
        let body = try Example.bytes()
        let keys = try Example.keys()
        #expect(Self.failure(Array(body.dropLast(1)), keys) == .authenticationFailed(record: 0))
        #expect(Self.failure(Array(body.prefix(86 + 16)), keys) == .truncated(bytes: 16))
    }

    @Test func aRecordSizeBelowEighteenIsOutOfRange() throws {
        var body = try Example.bytes()
        for size: UInt8 in [0, 1, 17] {
            body.replaceSubrange(16..<20, with: [0, 0, 0, size])
            #expect(Self.failure(body, try Example.keys()) == .recordSizeOutOfRange(UInt32(size)))
        }
    }

    @Test func aRecordSizeSmallerThanTheRecordSplitsItAndFails() throws {
        var body = try Example.bytes()
        body.replaceSubrange(16..<20, with: [0, 0, 0, 18])
        #expect(Self.failure(body, try Example.keys()) == .authenticationFailed(record: 0))
    }

    @Test func aKeyIDThatIsNoPublicKeyIsRefused() throws {
        var body = try Example.bytes()
        body[21 + 10] ^= 0xFF
        #expect(Self.failure(body, try Example.keys()) == .invalidSenderKey(idLength: 65))
        var short = try Example.bytes()
        short[20] = 3
        #expect(Self.failure(short, try Example.keys()) == .invalidSenderKey(idLength: 3))
    }

    @Test func aBodyOverTheWebPushLimitIsRefusedBeforeDecrypting() throws {
        let body = try Example.bytes() + [UInt8](repeating: 0, count: WebPushDecryption.maximumBodyBytes)
        #expect(
            Self.failure(body, try Example.keys())
                == .tooLarge(bytes: body.count, limit: WebPushDecryption.maximumBodyBytes))
    }

    @Test func aMessageEncryptedHereDecrypts() throws {
        let keys = WebPushKeys()
        for plaintext in ["", "x", String(repeating: "é", count: 1_900)] {
            let body = try WebPushEncryption.encrypt(Data(plaintext.utf8), to: keys)
            #expect(String(decoding: try WebPushDecryption.decrypt(body, with: keys), as: UTF8.self) == plaintext)
        }
    }

    @Test func theErrorsSayWhatIsWrong() {
        #expect(WebPushDecryptionError.tooLarge(bytes: 5_000, limit: 4_096).description.contains("at most 4096"))
        #expect(WebPushDecryptionError.recordSizeOutOfRange(3).description.contains("record size 3"))
        #expect(WebPushDecryptionError.authenticationFailed(record: 0).description.contains("auth secret"))
    }
}
