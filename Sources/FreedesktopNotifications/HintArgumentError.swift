/// A `-h` argument that cannot be used, with the reason in notify-send's words.
public struct HintArgumentError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
