import Foundation

/// A mistake the user can correct, with what to do.
struct ReminderError: LocalizedError {
    let errorDescription: String?

    init(_ message: String) {
        errorDescription = message
    }
}
