import DBus

/// `UNAuthorizationOptions` as the engine stores it: Apple's raw bit values.
package struct AuthorizationOptionBits: OptionSet, Codable, Hashable, Sendable {
    package let rawValue: UInt
    package init(rawValue: UInt) { self.rawValue = rawValue }

    package static let badge = Self(rawValue: 1 << 0)
    package static let sound = Self(rawValue: 1 << 1)
    package static let alert = Self(rawValue: 1 << 2)
    package static let carPlay = Self(rawValue: 1 << 3)
    package static let criticalAlert = Self(rawValue: 1 << 4)
    package static let providesAppNotificationSettings = Self(rawValue: 1 << 5)
    package static let provisional = Self(rawValue: 1 << 6)
    package static let announcement = Self(rawValue: 1 << 7)
    package static let timeSensitive = Self(rawValue: 1 << 8)
}

/// The bits as a `t`, as `RequestAuthorization` takes them.
extension AuthorizationOptionBits: DBusRepresentable {
    package static var dbusSignature: DBusSignature { .uint64 }
    package var dbusValue: DBusValue { .uint64(UInt64(rawValue)) }
    package init(dbusValue: DBusValue) throws {
        self.init(rawValue: UInt(truncatingIfNeeded: try UInt64(dbusValue: dbusValue)))
    }
}
