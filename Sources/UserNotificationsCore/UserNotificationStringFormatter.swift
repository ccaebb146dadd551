import Foundation

/// Substitutes arguments of any type into a printf-style format with Foundation's `%@`,
/// converting each argument to what its specifier expects, so that a mismatched argument can
/// never make `String(format:)` read a wrong type off the stack.
package enum UserNotificationStringFormatter {
    /// `format` with `arguments` substituted.
    package static func format(_ format: String, arguments: [Any]) -> String {
        var output = ""
        var nextArgument = 0
        let scalars = Array(format.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "%", index + 1 < scalars.count else {
                output.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            guard let specifier = Specifier.parse(scalars, at: index + 1) else {
                output.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            index = specifier.end
            if specifier.conversion == "%" {
                output += "%"
                continue
            }
            let argumentIndex = specifier.position.map { $0 - 1 } ?? nextArgument
            nextArgument = argumentIndex + 1
            guard arguments.indices.contains(argumentIndex) else { continue }
            output += specifier.render(arguments[argumentIndex])
        }
        return output
    }

    /// One conversion specifier: `%[n$][flags][width][.precision][length]conversion`.
    private struct Specifier {
        var position: Int?
        /// The specifier without its position, e.g. `%-5.2f`, with the length modifier dropped.
        var plain: String
        var conversion: Unicode.Scalar
        var end: Int

        static func parse(_ scalars: [Unicode.Scalar], at start: Int) -> Specifier? {
            var index = start
            var plain = "%"
            var position: Int?
            // A positional argument: digits followed by `$`.
            var digits = ""
            var lookahead = index
            while lookahead < scalars.count, ("0"..."9").contains(scalars[lookahead]) {
                digits.unicodeScalars.append(scalars[lookahead])
                lookahead += 1
            }
            if !digits.isEmpty, lookahead < scalars.count, scalars[lookahead] == "$", let number = Int(digits),
                number > 0
            {
                position = number
                index = lookahead + 1
            }
            while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) {
                plain.unicodeScalars.append(scalars[index])
                index += 1
            }
            // Width, then `.` and precision: each at most `maximumWidth`, so that Foundation
            // never overflows (which stops the process) nor pads to gigabytes.
            guard let width = Self.dimension(scalars, from: &index) else { return nil }
            plain += width
            if index < scalars.count, scalars[index] == "." {
                index += 1
                guard let precision = Self.dimension(scalars, from: &index) else { return nil }
                plain += "." + precision
            }
            while index < scalars.count, "hlqLzjt".unicodeScalars.contains(scalars[index]) {
                index += 1
            }
            guard index < scalars.count else { return nil }
            let conversion = scalars[index]
            guard "@%diouxXcCfFeEgGaAsS".unicodeScalars.contains(conversion) else { return nil }
            return Specifier(position: position, plain: plain, conversion: conversion, end: index + 1)
        }

        /// The largest width or precision a specifier may have.
        static let maximumWidth = 1024

        /// The decimal digits at `index` (possibly none), moving past them; `nil` when they
        /// say more than ``maximumWidth``.
        private static func dimension(_ scalars: [Unicode.Scalar], from index: inout Int) -> String? {
            var text = ""
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard text.isEmpty || (text.count <= 4 && Int(text).map { $0 <= maximumWidth } == true) else { return nil }
            return text
        }

        func render(_ argument: Any) -> String {
            switch conversion {
            case "d", "i", "c", "C":
                return String(format: plain + "ld", Self.integer(argument))
            case "o", "u", "x", "X":
                return String(format: plain + "l" + String(conversion), Self.integer(argument))
            case "f", "F", "e", "E", "g", "G", "a", "A":
                return String(format: plain + String(conversion), Self.double(argument))
            default:
                return Self.text(argument)
            }
        }

        private static func integer(_ argument: Any) -> Int {
            switch argument {
            case let value as Int: return value
            case let value as any BinaryInteger: return Int(truncatingIfNeeded: value)
            case let value as Double: return clamped(value)
            case let value as Float: return clamped(Double(value))
            case let value as Bool: return value ? 1 : 0
            case let value as NSNumber: return value.intValue
            case let value as String: return Int(value) ?? 0
            default: return 0
            }
        }

        /// `value` as an `Int`, towards zero; the nearest `Int` beyond its range, 0 when not finite.
        private static func clamped(_ value: Double) -> Int {
            guard value.isFinite else { return 0 }
            if value >= 0x1p63 { return Int.max }
            if value < -0x1p63 { return Int.min }
            return Int(value)
        }

        private static func double(_ argument: Any) -> Double {
            switch argument {
            case let value as Double: return value
            case let value as Float: return Double(value)
            case let value as any BinaryInteger: return Double(value)
            case let value as NSNumber: return value.doubleValue
            case let value as String: return Double(value) ?? 0
            default: return 0
            }
        }

        private static func text(_ argument: Any) -> String {
            switch argument {
            case let value as String: return value
            case let value as NSString: return value as String
            case let value as NSNumber: return value.stringValue
            case let value as any CustomStringConvertible: return value.description
            default: return String(describing: argument)
            }
        }
    }
}
