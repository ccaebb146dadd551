import Crypto
import Foundation
import TestSupport
import Testing

/// The test distributor's RFC 8292 check (TestSupport's `VAPIDAuthorization`) with tokens
/// signed here by swift-crypto: a good one is taken, and each wrong part is refused with the
/// status and reason the former Python distributor gave (the end-to-end tests sign with pywebpush).
struct VAPIDAuthorizationTests {
    static let origin = "http://127.0.0.1:4000"
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// `Authorization: vapid t=JWT, k=KEY` for `claims`, signed by `key`.
    static func header(_ claims: String, head: String = #"{"typ":"JWT","alg":"ES256"}"#, key: P256.Signing.PrivateKey)
        throws -> String
    {
        let signed = base64URL(Data(head.utf8)) + "." + base64URL(Data(claims.utf8))
        let signature = try key.signature(for: Data(signed.utf8)).rawRepresentation
        return "vapid t=\(signed).\(base64URL(signature)), k=\(base64URL(key.publicKey.x963Representation))"
    }

    @Test func aTokenSignedByTheRegisteredKeyForThisOriginIsTaken() throws {
        let key = P256.Signing.PrivateKey()
        let check = VAPIDAuthorization(key: Self.base64URL(key.publicKey.x963Representation), origin: Self.origin)
        let exp = Int(Self.now.timeIntervalSince1970) + 3600
        let good = try Self.header(#"{"aud":"\#(Self.origin)","exp":\#(exp),"sub":"mailto:a@example.org"}"#, key: key)
        #expect(check.refusal(of: good, now: Self.now) == nil)
        #expect(check.refusal(of: good.replacingOccurrences(of: "vapid", with: "VAPID"), now: Self.now) == nil)
    }

    @Test func eachWrongPartIsRefused() throws {
        let key = P256.Signing.PrivateKey()
        let other = P256.Signing.PrivateKey()
        let check = VAPIDAuthorization(key: Self.base64URL(key.publicKey.x963Representation), origin: Self.origin)
        let exp = Int(Self.now.timeIntervalSince1970) + 3600
        let claims = #"{"aud":"\#(Self.origin)","exp":\#(exp)}"#
        #expect(check.refusal(of: nil, now: Self.now)?.status == 401)
        #expect(check.refusal(of: "WebPush abc", now: Self.now)?.status == 401)
        let cases: [(String, String)] = [
            (try Self.header(claims, key: other), "the key is not the registered one"),
            (
                try Self.header(claims, key: other).replacingOccurrences(
                    of: Self.base64URL(other.publicKey.x963Representation), with: check.key),
                "the token is not signed by the key"
            ),
            (try Self.header(claims, head: #"{"alg":"ES384"}"#, key: key), "the token is not ES256"),
            (
                try Self.header(#"{"aud":"http://127.0.0.1:1","exp":\#(exp)}"#, key: key),
                "the token's aud is not the push service's origin"
            ),
            (
                try Self.header(#"{"aud":"\#(Self.origin)","exp":\#(exp + 25 * 3600)}"#, key: key),
                "the token's exp is not within the next 24 hours"
            ),
            (
                try Self.header(#"{"aud":"\#(Self.origin)","exp":\#(exp - 7200)}"#, key: key),
                "the token's exp is not within the next 24 hours"
            ),
            (
                try Self.header(#"{"aud":"\#(Self.origin)","exp":"\#(exp)"}"#, key: key),
                "the token's exp is not within the next 24 hours"
            ),
        ]
        for (header, reason) in cases {
            #expect(check.refusal(of: header, now: Self.now) == .init(status: 403, reason: reason), "\(header)")
        }
    }
}
