/// One key/value entry of a D-Bus dictionary.
public struct DBusDictionaryEntry: Hashable, Sendable {
    /// The entry's key, of the dictionary's basic key type.
    public var key: DBusValue
    /// The entry's value, of the dictionary's value type.
    public var value: DBusValue

    /// An entry mapping `key` to `value`.
    public init(key: DBusValue, value: DBusValue) {
        self.key = key
        self.value = value
    }
}
