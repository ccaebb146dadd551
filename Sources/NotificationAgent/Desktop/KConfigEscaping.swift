/// KConfig's escaping of group names, keys and values in its INI files, as KDE Frameworks 5's
/// `KConfigIniBackend` does it (`printableToString`, `stringToPrintable`): `\s` (a space),
/// `\t`, `\n`, `\r`, `\\`, `\xNN`; `\;` and `\,` stay as written (desktop-file lists); an
/// unknown escape keeps its backslash.
package enum KConfigEscaping {
    /// What is escaped: `[` and `]` in group names and keys, `=` in keys; a leading or
    /// trailing space in keys and values.
    package enum Kind: Sendable {
        case group, key, value
    }

    /// The bytes `text` stands for.
    package static func unescape(_ text: ArraySlice<UInt8>) -> [UInt8] {
        guard text.contains(UInt8(ascii: "\\")) else { return Array(text) }
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                continue
            }
            guard index < text.endIndex else {
                result.append(byte)
                break
            }
            let escaped = text[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "s"): result.append(UInt8(ascii: " "))
            case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "r"): result.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "\\"): result.append(UInt8(ascii: "\\"))
            case UInt8(ascii: ";"), UInt8(ascii: ","): result += [byte, escaped]
            case UInt8(ascii: "x"):
                // KConfig reads two hex digits when two follow the `x`; else the rest is dropped.
                if text.endIndex - index >= 2 {
                    result.append(hexByte(text[index], text[index + 1]))
                    index += 2
                } else {
                    result.append(UInt8(ascii: "x"))
                    index = text.endIndex
                }
            default: result += [byte, escaped]
            }
        }
        return result
    }

    /// `bytes` as KConfig writes them for `kind`.
    package static func escape(_ bytes: [UInt8], as kind: Kind) -> [UInt8] {
        var result: [UInt8] = []
        for (offset, byte) in bytes.enumerated() {
            let edge = offset == 0 || offset == bytes.count - 1
            switch byte {
            case UInt8(ascii: " ") where edge && kind != .group: result += Array("\\s".utf8)
            case UInt8(ascii: "\n"): result += Array("\\n".utf8)
            case UInt8(ascii: "\t"): result += Array("\\t".utf8)
            case UInt8(ascii: "\r"): result += Array("\\r".utf8)
            case UInt8(ascii: "\\"): result += Array("\\\\".utf8)
            case UInt8(ascii: "=") where kind == .key: result += hexEscape(byte)
            case UInt8(ascii: "["), UInt8(ascii: "]"): result += kind == .value ? [byte] : hexEscape(byte)
            case ..<32: result += hexEscape(byte)
            default: result.append(byte)
            }
        }
        return result
    }

    private static func hexEscape(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return Array("\\x".utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0xf)]]
    }

    /// KConfig's `charFromHex`: an invalid digit makes the byte an `x`.
    private static func hexByte(_ high: UInt8, _ low: UInt8) -> UInt8 {
        guard let high = hexValue(high), let low = hexValue(low) else { return UInt8(ascii: "x") }
        return high << 4 | low
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
