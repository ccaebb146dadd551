/// Why `unotify capture` could not do what it was asked: one line for standard error.
package struct CaptureError: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) { self.description = description }
}
