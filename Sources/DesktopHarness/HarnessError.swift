/// Why a desktop could not be started or stopped: a message that says what to do.
public struct HarnessError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }

    /// A binary the desktop needs is not installed.
    static func missing(_ binary: String, package: String) -> HarnessError {
        HarnessError(
            "required binary '\(binary)' not found: install the Debian package '\(package)' "
                + "(scripts/install-deps --test installs everything the tests need)")
    }
}
