import Foundation

/// Value equality for `userInfo` dictionaries: property-list values (strings, numbers,
/// booleans, dates, data, arrays, dictionaries) compare by value, numbers across their Swift and
/// `NSNumber` forms; any other `Hashable` value by `==`; anything else is never equal.
///
/// `NSDictionary.isEqual(to:)` cannot be used on Linux: it reports two dictionaries built from
/// the same Swift literals as different.
enum PropertyListEquality {
    static func isEqual(_ lhs: [AnyHashable: Any], _ rhs: [AnyHashable: Any]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs {
            guard let other = rhs[key], isEqual(value, other) else { return false }
        }
        return true
    }

    static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        switch (lhs, rhs) {
        case let (left as String, right as String):
            return left == right
        case let (left as [AnyHashable: Any], right as [AnyHashable: Any]):
            return isEqual(left, right)
        case let (left as [Any], right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy { isEqual($0, $1) }
        case let (left as Date, right as Date):
            return left == right
        case let (left as Data, right as Data):
            return left == right
        default:
            if let left = number(lhs), let right = number(rhs) { return left == right }
            if let left = lhs as? AnyHashable, let right = rhs as? AnyHashable { return left == right }
            return false
        }
    }

    private static func number(_ value: Any) -> NSNumber? {
        switch value {
        case let number as NSNumber: return number
        case let number as Int: return NSNumber(value: number)
        case let number as Double: return NSNumber(value: number)
        case let flag as Bool: return NSNumber(value: flag)
        default: return nil
        }
    }
}
