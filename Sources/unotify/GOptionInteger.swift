#if canImport(Glibc)
    import Glibc
#endif

/// An integer option value read as GLib's GOption reads one (`strtol` with base 0): decimal,
/// `0x` hexadecimal or `0` octal, optional sign and leading blanks, nothing after the digits,
/// within 32 bits.
enum GOptionInteger {
    /// Why a value is not an integer option value.
    enum Failure: Error {
        case notAnInteger(String)
        case outOfRange(String)

        /// GOption's message, naming the option as it was spelled (`-t` or `--expire-time`).
        func message(for spelling: String) -> String {
            switch self {
            case .notAnInteger(let text): "Cannot parse integer value \u{201C}\(text)\u{201D} for \(spelling)"
            case .outOfRange(let text): "Integer value \u{201C}\(text)\u{201D} for \(spelling) out of range"
            }
        }
    }

    /// The value of `text`, or the failure GOption reports for it.
    static func parse(_ text: String) throws(Failure) -> Int32 {
        let parsed: (value: Int, overflowed: Bool)? = text.withCString { start in
            var end: UnsafeMutablePointer<CChar>?
            errno = 0
            let value = strtol(start, &end, 0)
            guard start.pointee != 0, let end, end.pointee == 0 else { return nil }
            return (value, errno == ERANGE)
        }
        guard let parsed else { throw .notAnInteger(text) }
        guard !parsed.overflowed, let value = Int32(exactly: parsed.value) else { throw .outOfRange(text) }
        return value
    }
}
