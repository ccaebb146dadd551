#if canImport(Glibc)
    import Glibc
#endif

extension HintArgument {
    /// notify-send reads an `int`, `double` or `byte` value with the C library's number
    /// functions, which stop at the first character that is not part of the number: `45%` is 45
    /// (volume scripts pass `$(amixer …)` output so). These give the value notify-send sends.

    /// An `int` value that starts with a digit, as notify-send reads it: the leading digits,
    /// cut to 32 bits.
    static func leadingInteger(_ text: String) -> Int32? {
        leadingUnsigned(text).map { Int32(truncatingIfNeeded: $0) }
    }

    /// The leading digits of `text` as an unsigned number (at most `UInt64.max`); nil when
    /// `text` does not start with a digit.
    static func leadingUnsigned(_ text: String) -> UInt64? {
        guard text.first?.isASCII == true, text.first?.isNumber == true else { return nil }
        return UInt64(text.withCString { strtoull($0, nil, 10) })
    }

    /// A `double` value that starts with a digit, as notify-send reads it: the leading number.
    static func leadingDouble(_ text: String) -> Double? {
        guard text.first?.isASCII == true, text.first?.isNumber == true else { return nil }
        let value = text.withCString { strtod($0, nil) }
        return value.isFinite ? value : nil
    }

    /// A `byte` value as notify-send reads it: the leading number (0 when there is none), which
    /// must be within 0…255; with `hexadecimal`, a value that starts with `0x` is read in base 16.
    static func leadingByte(_ text: String, hexadecimal: Bool) -> UInt8? {
        let base: Int32 = hexadecimal && text.hasPrefix("0x") ? 16 : 10
        return UInt8(exactly: Int32(truncatingIfNeeded: text.withCString { strtoull($0, nil, base) }))
    }
}
