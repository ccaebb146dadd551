/// `UNNotificationPresentationOptions` as the agent receives them: Apple's raw bit values.
package struct PresentationOptionBits: OptionSet, Hashable, Sendable {
    package let rawValue: UInt
    package init(rawValue: UInt) { self.rawValue = rawValue }

    package static let badge = Self(rawValue: 1 << 0)
    package static let sound = Self(rawValue: 1 << 1)
    package static let alert = Self(rawValue: 1 << 2)
    package static let list = Self(rawValue: 1 << 3)
    package static let banner = Self(rawValue: 1 << 4)
}
