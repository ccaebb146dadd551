/// The number the typed-reply fallback shows and `unotify reply NUMBER TEXT` gives back: 80 bits
/// from the system's random source (`getrandom`), written as 16 Crockford base32 characters in
/// four groups, such as `4F7Q-9K2M-XR3T-8W1V`. Typed back in any case, with or without dashes
/// or spaces, with `O` for `0` and `I` or `L` for `1`.
enum ReplyNumber {
    /// Crockford's base32 digits: no I, L, O or U.
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    /// Characters in a number.
    static let length = 16

    /// A new number, never derived from another.
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<length).map { _ in alphabet[Int(generator.next(upperBound: UInt8(32)))] }
        return grouped(digits)
    }

    /// The number `typed` stands for, in its shown form; `nil` when it is not a number of this
    /// form (then it names no reply, and the error need not say more than that).
    static func canonical(_ typed: String) -> String? {
        guard typed.utf8.count <= 64 else { return nil }
        var digits: [Character] = []
        for character in typed.uppercased() where character != "-" && character != " " {
            switch character {
            case "O": digits.append("0")
            case "I", "L": digits.append("1")
            case _ where alphabet.contains(character): digits.append(character)
            default: return nil
            }
        }
        return digits.count == length ? grouped(digits) : nil
    }

    private static func grouped(_ digits: [Character]) -> String {
        stride(from: 0, to: digits.count, by: 4).map { String(digits[$0..<min($0 + 4, digits.count)]) }
            .joined(separator: "-")
    }
}
