import Crypto
import Foundation

/// RFC 8292's check of a push to a restricted endpoint (§4): an `Authorization: vapid t=JWT,
/// k=KEY` header whose KEY is the registered key and whose JWT is ES256-signed by it, with `aud`
/// the push service's origin and an `exp` within the next 24 hours.
public struct VAPIDAuthorization: Sendable {
    /// Why a push is refused: 401 without vapid authorization, 403 with a wrong one.
    public struct Refusal: Sendable, Equatable, Error {
        /// The HTTP status to answer.
        public var status: Int
        /// What is wrong, for the log.
        public var reason: String

        /// A refusal answered with `status`, saying `reason`.
        public init(status: Int, reason: String) {
            self.status = status
            self.reason = reason
        }
    }

    /// The registered key: an uncompressed P-256 point, base64url.
    public var key: String
    /// The push service's origin (`http://127.0.0.1:PORT`), the token's `aud`.
    public var origin: String

    /// A check against `key` for the push service at `origin`.
    public init(key: String, origin: String) {
        self.key = key
        self.origin = origin
    }

    /// Why `header` (an `Authorization` header, or none) does not authorize a push at `now`;
    /// nil when it does.
    public func refusal(of header: String?, now: Date = Date()) -> Refusal? {
        guard let header, header.lowercased().hasPrefix("vapid ") else {
            return Refusal(status: 401, reason: "no vapid authorization")
        }
        var fields: [String: String] = [:]
        for part in header.dropFirst("vapid ".count).split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].trimmingCharacters(in: .whitespaces).lowercased()
            fields[name] = pair.count > 1 ? pair[1].trimmingCharacters(in: .whitespaces) : ""
        }
        guard fields["k"] == key else { return Refusal(status: 403, reason: "the key is not the registered one") }
        let notSigned = Refusal(status: 403, reason: "the token is not signed by the key")
        let parts = (fields["t"] ?? "").split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let raw = Self.decode(parts[2]) else { return notSigned }
        guard raw.count == 64 else { return Refusal(status: 403, reason: "the signature is not 64 bytes") }
        guard Self.isSigned(Data("\(parts[0]).\(parts[1])".utf8), signature: raw, key: key),
            let head = Self.decode(parts[0]).flatMap(Self.object),
            let claims = Self.decode(parts[1]).flatMap(Self.object)
        else { return notSigned }
        guard head["alg"] as? String == "ES256" else { return Refusal(status: 403, reason: "the token is not ES256") }
        guard claims["aud"] as? String == origin else {
            return Refusal(status: 403, reason: "the token's aud is not the push service's origin")
        }
        let seconds = now.timeIntervalSince1970
        guard let expiry = Self.integer(claims["exp"]), seconds < Double(expiry), Double(expiry) <= seconds + 24 * 3600
        else { return Refusal(status: 403, reason: "the token's exp is not within the next 24 hours") }
        return nil
    }

    /// Whether `signature` (r and s, 32 bytes each) is ES256's over `signed` by `key` (base64url).
    static func isSigned(_ signed: Data, signature: Data, key: String) -> Bool {
        guard let point = decode(Substring(key)) else { return false }
        do {
            let publicKey = try P256.Signing.PublicKey(x963Representation: point)
            return publicKey.isValidSignature(
                try P256.Signing.ECDSASignature(rawRepresentation: signature), for: signed)
        } catch {
            return false  // a key that is no point, or a signature that is no pair: not signed by it
        }
    }

    /// base64url without padding, decoded; nil for anything else.
    static func decode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    /// `data` as a JSON object; nil when it is none.
    static func object(_ data: Data) -> [String: Any]? {
        // try?: a token whose part is not JSON is refused as not signed, which is what it is
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// A JSON number that is a whole number (as Python's `int`, a boolean too); nil for anything else.
    static func integer(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        guard double.rounded() == double, abs(double) < 1e15 else { return nil }
        return Int(double)
    }
}
