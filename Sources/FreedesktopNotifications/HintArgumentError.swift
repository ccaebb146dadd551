/// A `-h` argument that cannot be used, with the reason in notify-send's words.
public struct HintArgumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the argument and how to write it, in notify-send's words.
    public var description: String
    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}
