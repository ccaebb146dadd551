/// One error name an interface's methods reply with, and what it means to the caller.
public struct DBusErrorDescription: Hashable, Sendable {
    public let name: ErrorName
    public let documentation: String

    public init(_ name: ErrorName, documentation: String) {
        self.name = name
        self.documentation = documentation
    }
}
