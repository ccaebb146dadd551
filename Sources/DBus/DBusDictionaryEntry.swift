/// One key/value entry of a D-Bus dictionary.
public struct DBusDictionaryEntry: Hashable, Sendable {
    public var key: DBusValue
    public var value: DBusValue

    public init(key: DBusValue, value: DBusValue) {
        self.key = key
        self.value = value
    }
}
