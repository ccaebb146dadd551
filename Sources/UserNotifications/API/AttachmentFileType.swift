/// An attachment file type iOS supports: its uniform type identifier, kind, file name
/// extensions and MIME type.
package struct AttachmentFileType: Hashable, Sendable {
    /// The uniform type identifier, as `UNNotificationAttachment.type` reports it.
    package let identifier: String
    package let kind: AttachmentKind
    /// Lower-case file name extensions, without the dot.
    package let extensions: [String]
    package let mimeType: String

    /// The types in Apple's table of supported attachment file types.
    package static let supported: [AttachmentFileType] = [
        AttachmentFileType(
            identifier: "public.jpeg", kind: .image, extensions: ["jpg", "jpeg", "jpe"], mimeType: "image/jpeg"),
        AttachmentFileType(identifier: "com.compuserve.gif", kind: .image, extensions: ["gif"], mimeType: "image/gif"),
        AttachmentFileType(identifier: "public.png", kind: .image, extensions: ["png"], mimeType: "image/png"),
        AttachmentFileType(
            identifier: "public.aiff-audio", kind: .audio, extensions: ["aiff", "aif"], mimeType: "audio/aiff"),
        AttachmentFileType(
            identifier: "com.microsoft.waveform-audio", kind: .audio, extensions: ["wav", "wave"], mimeType: "audio/wav"
        ),
        AttachmentFileType(identifier: "public.mp3", kind: .audio, extensions: ["mp3"], mimeType: "audio/mpeg"),
        AttachmentFileType(identifier: "public.mpeg-4-audio", kind: .audio, extensions: ["m4a"], mimeType: "audio/mp4"),
        AttachmentFileType(
            identifier: "public.mpeg", kind: .movie, extensions: ["mpg", "mpeg"], mimeType: "video/mpeg"),
        AttachmentFileType(
            identifier: "public.mpeg-2-video", kind: .movie, extensions: ["m2v"], mimeType: "video/mpeg"),
        AttachmentFileType(identifier: "public.mpeg-4", kind: .movie, extensions: ["mp4"], mimeType: "video/mp4"),
        AttachmentFileType(identifier: "public.avi", kind: .movie, extensions: ["avi"], mimeType: "video/x-msvideo"),
    ]

    /// The supported type with this uniform type identifier.
    package init?(identifier: String) {
        guard let found = Self.supported.first(where: { $0.identifier == identifier }) else { return nil }
        self = found
    }

    /// The supported type for this file name extension (any case).
    package init?(fileExtension: String) {
        let lowered = fileExtension.lowercased()
        guard let found = Self.supported.first(where: { $0.extensions.contains(lowered) }) else { return nil }
        self = found
    }

    private init(identifier: String, kind: AttachmentKind, extensions: [String], mimeType: String) {
        self.identifier = identifier
        self.kind = kind
        self.extensions = extensions
        self.mimeType = mimeType
    }

    /// Whether a file's first bytes are consistent with this type. Checked for images only:
    /// a notification server decodes them, and a corrupt one shows as a broken icon.
    package func acceptsLeadingBytes(_ bytes: [UInt8]) -> Bool {
        switch identifier {
        case "public.png": return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case "public.jpeg": return bytes.starts(with: [0xFF, 0xD8, 0xFF])
        case "com.compuserve.gif":
            return bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8))
        default: return true
        }
    }
}
