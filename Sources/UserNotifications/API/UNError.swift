import Foundation

/// The error domain of user notification errors: `"UNErrorDomain"`, as on Apple platforms.
public let UNErrorDomain: String = "UNErrorDomain"

/// An error from the user notifications framework.
///
/// Shaped like the struct Apple's SDK imports: a `code` of type ``UNError/Code``, static members
/// such as `UNError.notificationsNotAllowed` for `catch UNError.notificationsNotAllowed`
/// patterns, and bridging to `NSError` in ``UNErrorDomain`` with Apple's numeric codes.
///
/// On Linux every error carries a message saying what went wrong and what to do about it; it is
/// the `localizedDescription` (the `NSLocalizedDescriptionKey` of the bridged `NSError`).
public struct UNError: CustomNSError, LocalizedError, Hashable, Sendable {
    /// Apple's error codes, with Apple's raw values.
    public enum Code: Int, Hashable, Sendable {
        /// The app is not authorized to send notifications.
        case notificationsNotAllowed = 1
        /// An attachment's URL is not a readable local file.
        case attachmentInvalidURL = 100
        /// An attachment's file type is not supported.
        case attachmentUnrecognizedType = 101
        /// An attachment's file is too large (or empty) for its type.
        case attachmentInvalidFileSize = 102
        /// An attachment's file is not in the attachment data store.
        case attachmentNotInDataStore = 103
        /// An attachment's file could not be moved into the data store.
        case attachmentMoveIntoDataStoreFailed = 104
        /// An attachment's file is corrupt.
        case attachmentCorrupt = 105
        /// The notification has no date at which it could be delivered.
        case notificationInvalidNoDate = 1400
        /// The notification has nothing to show.
        case notificationInvalidNoContent = 1401
        /// The content-providing object is not allowed.
        case contentProvidingObjectNotAllowed = 1500
        /// The content-providing object is invalid.
        case contentProvidingInvalid = 1501
        /// The badge count is invalid.
        case badgeInputInvalid = 1600
    }

    /// What went wrong, as one of Apple's codes.
    public let code: Code

    /// What went wrong and what to do about it.
    package let message: String

    /// Creates an error with a code and a message saying what to do.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Creates an error with a code, as Apple's bridged error structs allow.
    ///
    /// On Linux only the `NSLocalizedDescriptionKey` entry of `userInfo` is kept (as the
    /// message); without it the message is a generic description of the code.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.message = (userInfo[NSLocalizedDescriptionKey] as? String) ?? Self.defaultMessage(for: code)
    }

    /// The error domain, ``UNErrorDomain``.
    public static var errorDomain: String { UNErrorDomain }

    /// Apple's numeric code.
    public var errorCode: Int { code.rawValue }

    /// The bridged `NSError`'s user info: the message as `NSLocalizedDescriptionKey`.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }

    /// The message: what went wrong and what to do about it.
    public var errorDescription: String? { message }

    /// The app is not authorized to send notifications.
    public static var notificationsNotAllowed: Code { .notificationsNotAllowed }
    /// An attachment's URL is not a readable local file.
    public static var attachmentInvalidURL: Code { .attachmentInvalidURL }
    /// An attachment's file type is not supported.
    public static var attachmentUnrecognizedType: Code { .attachmentUnrecognizedType }
    /// An attachment's file is too large (or empty) for its type.
    public static var attachmentInvalidFileSize: Code { .attachmentInvalidFileSize }
    /// An attachment's file is not in the attachment data store.
    public static var attachmentNotInDataStore: Code { .attachmentNotInDataStore }
    /// An attachment's file could not be moved into the data store.
    public static var attachmentMoveIntoDataStoreFailed: Code { .attachmentMoveIntoDataStoreFailed }
    /// An attachment's file is corrupt.
    public static var attachmentCorrupt: Code { .attachmentCorrupt }
    /// The notification has no date at which it could be delivered.
    public static var notificationInvalidNoDate: Code { .notificationInvalidNoDate }
    /// The notification has nothing to show.
    public static var notificationInvalidNoContent: Code { .notificationInvalidNoContent }
    /// The content-providing object is not allowed.
    public static var contentProvidingObjectNotAllowed: Code { .contentProvidingObjectNotAllowed }
    /// The content-providing object is invalid.
    public static var contentProvidingInvalid: Code { .contentProvidingInvalid }
    /// The badge count is invalid.
    public static var badgeInputInvalid: Code { .badgeInputInvalid }

    static func defaultMessage(for code: Code) -> String {
        switch code {
        case .notificationsNotAllowed:
            return
                "Notifications are not allowed for this app: request authorization first, or allow them with `unotify settings`."
        case .attachmentInvalidURL:
            return "The attachment URL is invalid: pass a file URL of a readable local file."
        case .attachmentUnrecognizedType:
            return
                "The attachment's file type is not supported: use JPEG, GIF, PNG, AIFF, WAV, MP3, M4A, MPEG, MPEG-2, MPEG-4 or AVI."
        case .attachmentInvalidFileSize:
            return "The attachment's file size is invalid: images may be up to 10 MB, audio 5 MB, movies 50 MB."
        case .attachmentNotInDataStore:
            return "The attachment is not in the attachment data store: create the attachment again from the file."
        case .attachmentMoveIntoDataStoreFailed:
            return "The attachment could not be moved into the attachment data store: check the file's permissions."
        case .attachmentCorrupt:
            return "The attachment's file is corrupt: its contents do not match its type."
        case .notificationInvalidNoDate:
            return "The notification has no date at which it could be delivered: check its trigger."
        case .notificationInvalidNoContent:
            return "The notification has no content: set a title, subtitle, body, sound, badge or attachment."
        case .contentProvidingObjectNotAllowed:
            return "The content-providing object is not allowed."
        case .contentProvidingInvalid:
            return "The content-providing object is invalid."
        case .badgeInputInvalid:
            return "The badge count is invalid: use a count of zero or more."
        }
    }
}

extension UNError.Code {
    /// Matches an error against a code, so that `catch UNError.notificationsNotAllowed` works
    /// as with Apple's SDK. Also matches an `NSError` in ``UNErrorDomain`` with that code.
    public static func ~= (match: UNError.Code, error: any Error) -> Bool {
        if let unError = error as? UNError { return unError.code == match }
        let nsError = error as NSError
        return nsError.domain == UNErrorDomain && nsError.code == match.rawValue
    }
}
