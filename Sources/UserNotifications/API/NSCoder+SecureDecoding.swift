import Foundation

/// Typed, secure decoding of the values the `UN*` classes archive.
///
/// Every object is decoded with `decodeObject(of:forKey:)` and the classes it may be, so an
/// archive read with `NSKeyedUnarchiver` under `requiresSecureCoding` decodes. A key that is not
/// in the archive reads as `nil`: on Linux `decodeObject` would instead fail the whole archive.
extension NSCoder {
    /// The object of class `type` stored under `key`, or `nil` when there is none.
    func decodeObjectIfPresent<Object: NSObject & NSCoding>(of type: Object.Type, forKey key: String) -> Object? {
        containsValue(forKey: key) ? decodeObject(of: type, forKey: key) : nil
    }

    /// The object of one of `classes` stored under `key`, or `nil` when there is none.
    func decodeObjectIfPresent(of classes: [AnyClass], forKey key: String) -> Any? {
        containsValue(forKey: key) ? decodeObject(of: classes, forKey: key) : nil
    }

    /// The string stored under `key`, or `nil` when there is none.
    func decodeString(forKey key: String) -> String? {
        decodeObjectIfPresent(of: NSString.self, forKey: key) as String?
    }

    /// The array of `Element` objects stored under `key`, or `nil` when there is none or an
    /// element is of another class.
    func decodeArray<Element: NSObject & NSCoding>(of type: Element.Type, forKey key: String) -> [Element]? {
        decodeObjectIfPresent(of: [NSArray.self, type], forKey: key) as? [Element]
    }

    /// The array of strings stored under `key`, or `nil` when there is none.
    func decodeStrings(forKey key: String) -> [String]? {
        decodeObjectIfPresent(of: [NSArray.self, NSString.self], forKey: key) as? [String]
    }

    /// The property-list dictionary stored under `key` (a `userInfo`), or `nil` when there is none.
    func decodePropertyListDictionary(forKey key: String) -> [AnyHashable: Any]? {
        let classes: [AnyClass] = [
            NSDictionary.self, NSArray.self, NSString.self, NSNumber.self, NSDate.self, NSData.self,
        ]
        return decodeObjectIfPresent(of: classes, forKey: key) as? [AnyHashable: Any]
    }

    /// The `Float` stored under `key`, or `nil` when there is none.
    func decodeOptionalFloat(forKey key: String) -> Float? {
        containsValue(forKey: key) ? decodeFloat(forKey: key) : nil
    }

    /// The `Double` stored under `key`, or `nil` when there is none.
    func decodeOptionalDouble(forKey key: String) -> Double? {
        containsValue(forKey: key) ? decodeDouble(forKey: key) : nil
    }

    /// The unsigned integer (an option set's or enumeration's raw value) stored under `key`.
    func decodeUnsigned(forKey key: String) -> UInt {
        UInt(bitPattern: decodeInteger(forKey: key))
    }

    /// Stores an unsigned integer (an option set's or enumeration's raw value) under `key`.
    func encodeUnsigned(_ value: UInt, forKey key: String) {
        encode(Int(bitPattern: value), forKey: key)
    }

    /// Stores `userInfo`'s property-list entries under `key`; entries that are not property
    /// lists cannot be archived securely and are left out.
    func encodePropertyListDictionary(_ dictionary: [AnyHashable: Any], forKey key: String) {
        let storable = dictionary.filter {
            PropertyListSerialization.propertyList([String(describing: $0.key): $0.value], isValidFor: .binary)
                && $0.key.base is String
        }
        encode(NSDictionary(dictionary: storable), forKey: key)
    }
}
