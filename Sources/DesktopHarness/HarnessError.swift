/// Why a desktop could not be started or stopped, or a screenshot not read: a message that
/// says what to do, and the exit status `test-desktop` ends with (1; 2 for a usage error).
public struct HarnessError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public let status: Int32

    public init(_ description: String, status: Int32 = 1) {
        self.description = description
        self.status = status
    }

    /// A binary the desktop needs is not installed.
    static func missing(_ binary: String, package: String) -> HarnessError {
        HarnessError(
            "required binary '\(binary)' not found: install the Debian package '\(package)' "
                + "(scripts/install-deps --test installs everything the tests need)")
    }
}
