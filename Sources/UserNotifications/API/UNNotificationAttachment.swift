import Foundation

/// Option key: a `String` uniform type identifier to use instead of the file's extension.
public let UNNotificationAttachmentOptionsTypeHintKey: String = "UNNotificationAttachmentOptionsTypeHintKey"
/// Option key: a `Bool` (or `NSNumber`): hide the attachment's thumbnail.
public let UNNotificationAttachmentOptionsThumbnailHiddenKey: String =
    "UNNotificationAttachmentOptionsThumbnailHiddenKey"
/// Option key: a rectangle in unit coordinates (a dictionary with `X`, `Y`, `Width`, `Height`)
/// to clip the thumbnail to.
public let UNNotificationAttachmentOptionsThumbnailClippingRectKey: String =
    "UNNotificationAttachmentOptionsThumbnailClippingRectKey"
/// Option key: the time in a movie, in seconds (an `NSNumber` or `Double`), to take the
/// thumbnail from.
public let UNNotificationAttachmentOptionsThumbnailTimeKey: String = "UNNotificationAttachmentOptionsThumbnailTimeKey"

/// An image, sound or movie file shown or played with a notification.
///
/// The initializer validates the file as iOS does and throws ``UNError``:
/// `.attachmentInvalidURL` when the URL is not a readable local file,
/// `.attachmentUnrecognizedType` when neither the type hint nor the extension names a supported
/// type (JPEG, GIF, PNG; AIFF, WAV, MP3, M4A; MPEG, MPEG-2, MPEG-4, AVI),
/// `.attachmentInvalidFileSize` when the file is empty or larger than the type allows (image
/// 10 MB, audio 5 MB, movie 50 MB).
///
/// On Linux the file is not moved into a data store when the request is added; the agent reads
/// it in place, and an image goes to the notification server as the `image-path` hint. A PNG,
/// JPEG or GIF whose first bytes are not of that format is rejected with `.attachmentCorrupt`.
open class UNNotificationAttachment: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// It is immutable, so a copy is the same object (`NSCopying`, as on Apple platforms).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The attachment's identifier: the one given, or a generated UUID when it was empty.
    public let identifier: String
    /// The file's URL.
    public let url: URL
    /// The file's uniform type identifier, such as `"public.png"`.
    public let type: String

    /// The supported type the file was recognised as.
    package let fileType: AttachmentFileType
    /// The `…ThumbnailHiddenKey` option.
    package let isThumbnailHidden: Bool
    /// The `…ThumbnailClippingRectKey` option, in unit coordinates.
    package let thumbnailClippingRect: CGRect?
    /// The `…ThumbnailTimeKey` option, in seconds.
    package let thumbnailTime: TimeInterval?

    /// Creates an attachment from a local file, validating it as iOS does.
    ///
    /// - Parameters:
    ///   - identifier: A unique identifier; pass `""` to have one generated.
    ///   - URL: A file URL of a readable file of a supported type and size.
    ///   - options: `UNNotificationAttachmentOptions…Key` entries.
    /// - Throws: ``UNError`` with `.attachmentInvalidURL`, `.attachmentUnrecognizedType`,
    ///   `.attachmentInvalidFileSize` or (on Linux) `.attachmentCorrupt`.
    public init(identifier: String, url URL: URL, options: [AnyHashable: Any]? = nil) throws {
        let options = options ?? [:]
        let typeHint = options[UNNotificationAttachmentOptionsTypeHintKey] as? String
        let fileType = try Self.validate(url: URL, typeHint: typeHint)
        self.identifier = identifier.isEmpty ? UUID().uuidString : identifier
        self.url = URL
        self.type = fileType.identifier
        self.fileType = fileType
        self.isThumbnailHidden = Self.bool(options[UNNotificationAttachmentOptionsThumbnailHiddenKey]) ?? false
        self.thumbnailClippingRect = Self.rect(options[UNNotificationAttachmentOptionsThumbnailClippingRectKey])
        self.thumbnailTime = Self.double(options[UNNotificationAttachmentOptionsThumbnailTimeKey])
        super.init()
    }

    /// Attachments are archived securely: `NSKeyedUnarchiver` may require secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// Reads an attachment archived by `encode(with:)`; `nil` when the identifier, URL or a
    /// supported type is missing. The file is not checked again.
    public required init?(coder: NSCoder) {
        guard let identifier = coder.decodeString(forKey: "identifier"),
            let url = coder.decodeObjectIfPresent(of: NSURL.self, forKey: "url"),
            let type = coder.decodeString(forKey: "type"),
            let fileType = AttachmentFileType(identifier: type)
        else { return nil }
        self.identifier = identifier
        self.url = url as URL
        self.type = type
        self.fileType = fileType
        self.isThumbnailHidden = coder.decodeBool(forKey: "isThumbnailHidden")
        self.thumbnailClippingRect = Self.decodeRect(from: coder)
        self.thumbnailTime = coder.decodeOptionalDouble(forKey: "thumbnailTime")
        super.init()
    }

    /// Archives the identifier, URL, type and thumbnail options.
    open func encode(with coder: NSCoder) {
        coder.encode(identifier, forKey: "identifier")
        coder.encode(url as NSURL, forKey: "url")
        coder.encode(type, forKey: "type")
        coder.encode(isThumbnailHidden, forKey: "isThumbnailHidden")
        if let rect = thumbnailClippingRect {
            let sides = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
            for (key, side) in zip(Self.rectKeys, sides) { coder.encode(Double(side), forKey: key) }
        }
        if let thumbnailTime { coder.encode(thumbnailTime, forKey: "thumbnailTime") }
    }

    /// The archive keys of the clipping rectangle's x, y, width and height.
    private static let rectKeys = [
        "thumbnailClippingRect.x", "thumbnailClippingRect.y",
        "thumbnailClippingRect.width", "thumbnailClippingRect.height",
    ]

    /// The clipping rectangle from its archived sides, or `nil` when it was not archived.
    private static func decodeRect(from coder: NSCoder) -> CGRect? {
        let values = rectKeys.compactMap { coder.decodeOptionalDouble(forKey: $0) }
        guard values.count == 4 else { return nil }
        return CGRect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// Attachments are equal when identifier, URL and type are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationAttachment else { return false }
        return identifier == other.identifier && url == other.url && type == other.type
    }

    /// A hash of the identifier.
    open override var hash: Int { identifier.hashValue }

    /// Checks the file as iOS does and returns its type.
    private static func validate(url: URL, typeHint: String?) throws -> AttachmentFileType {
        guard url.isFileURL else {
            throw UNError(
                .attachmentInvalidURL,
                "Attachment URL \(url.absoluteString) is not a file URL: download the media to a local file first and attach that."
            )
        }
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw UNError(
                .attachmentInvalidURL,
                "Attachment file \(path) does not exist or is a directory: attach an existing file.")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw UNError(.attachmentInvalidURL, "Attachment file \(path) is not readable: check its permissions.")
        }
        let fileType: AttachmentFileType
        if let typeHint {
            guard let hinted = AttachmentFileType(identifier: typeHint) else {
                throw UNError(
                    .attachmentUnrecognizedType,
                    "Attachment type hint \"\(typeHint)\" is not a supported type: use one of \(supportedList).")
            }
            fileType = hinted
        } else {
            guard let byExtension = AttachmentFileType(fileExtension: url.pathExtension) else {
                throw UNError(
                    .attachmentUnrecognizedType,
                    "Attachment file \(path) has an unsupported extension \"\(url.pathExtension)\": use one of \(supportedList), or pass UNNotificationAttachmentOptionsTypeHintKey."
                )
            }
            fileType = byExtension
        }
        let size = try fileSize(atPath: path)
        guard size > 0 else {
            throw UNError(.attachmentInvalidFileSize, "Attachment file \(path) is empty.")
        }
        guard size <= fileType.kind.maximumSize else {
            throw UNError(
                .attachmentInvalidFileSize,
                "Attachment file \(path) is \(size) bytes; a \(fileType.kind.rawValue) attachment may be at most \(fileType.kind.maximumSize) bytes (\(fileType.kind.maximumSize / 1_048_576) MB)."
            )
        }
        guard fileType.acceptsLeadingBytes(try leadingBytes(ofFileAtPath: path)) else {
            throw UNError(
                .attachmentCorrupt,
                "Attachment file \(path) is not a valid \(fileType.identifier) file: its first bytes are not of that format."
            )
        }
        return fileType
    }

    private static var supportedList: String {
        AttachmentFileType.supported.map { "." + ($0.extensions.first ?? "") }.joined(separator: ", ")
    }

    private static func fileSize(atPath path: String) throws -> UInt64 {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw UNError(
                    .attachmentInvalidURL,
                    "Attachment file \(path) is not a regular file (a FIFO, device or socket): attach a file.")
            }
            return (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        } catch let error as UNError {
            throw error
        } catch {
            throw UNError(
                .attachmentInvalidURL, "Attachment file \(path) cannot be read: \(error.localizedDescription)")
        }
    }

    private static func leadingBytes(ofFileAtPath path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw UNError(.attachmentInvalidURL, "Attachment file \(path) cannot be opened for reading.")
        }
        // try?: a close error after reading 16 bytes loses nothing
        defer { try? handle.close() }
        do {
            return Array(try handle.read(upToCount: 16) ?? Data())
        } catch {
            throw UNError(
                .attachmentInvalidURL, "Attachment file \(path) cannot be read: \(error.localizedDescription)")
        }
    }

    private static func bool(_ value: Any?) -> Bool? {
        if let flag = value as? Bool { return flag }
        return (value as? NSNumber)?.boolValue
    }

    private static func double(_ value: Any?) -> Double? {
        if let number = value as? Double { return number }
        if let number = value as? Int { return Double(number) }
        return (value as? NSNumber)?.doubleValue
    }

    private static func rect(_ value: Any?) -> CGRect? {
        if let rect = value as? CGRect { return rect }
        guard let dictionary = value as? [AnyHashable: Any],
            let x = double(dictionary["X"]), let y = double(dictionary["Y"]),
            let width = double(dictionary["Width"]), let height = double(dictionary["Height"])
        else { return nil }
        return CGRect(x: x, y: y, width: width, height: height)
    }
}
