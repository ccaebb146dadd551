/// One error name an interface's methods reply with, and what it means to the caller.
public struct DBusErrorDescription: Hashable, Sendable {
    /// The error's name, such as `org.example.Error.NotFound`.
    public let name: ErrorName
    /// When the error is sent and what the caller should do, in sentences.
    public let documentation: String

    /// Describes the error `name`.
    public init(_ name: ErrorName, documentation: String) {
        self.name = name
        self.documentation = documentation
    }
}
