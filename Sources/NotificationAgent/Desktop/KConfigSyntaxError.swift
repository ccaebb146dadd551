/// Why a KConfig file is not read: a line KDE's own reader would warn about and skip, or bytes
/// that are no text at all. A file with one is read by nobody here and written by nobody here.
package struct KConfigSyntaxError: Error, CustomStringConvertible, Hashable, Sendable {
    /// The 1-based line, or 0 for the file as a whole.
    package var line: Int
    /// What is wrong with it.
    package var problem: String

    package init(line: Int, _ problem: String) {
        self.line = line
        self.problem = problem
    }

    package var description: String { line > 0 ? "line \(line): \(problem)" : problem }
}
