#if canImport(Glibc)
    import Glibc
#endif

/// Why the choice of distributor (``DistributorPreference``) could not be stored.
package struct DistributorPreferenceError: Error, Equatable, CustomStringConvertible {
    /// What went wrong and what to do.
    package var description: String

    package init(_ description: String) { self.description = description }

    /// `what` failed, with the system's reason (`errno`).
    package static func system(_ what: String) -> Self {
        Self("\(what): \(String(cString: strerror(errno)))")
    }
}
