import Foundation
import Testing
import UserNotifications

/// A fresh directory for attachment files, removed when the value dies.
final class APIAttachmentDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("unotify-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to `name`.
    func file(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }

    /// A sparse file of exactly `size` bytes starting with `prefix`.
    func sparseFile(_ name: String, size: UInt64, prefix: [UInt8]) throws -> URL {
        let file = try self.file(name, prefix)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.truncate(atOffset: size)
        return file
    }
}

/// A complete 1×1 PNG.
let apiOnePixelPNG: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
    0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
]

private func code(of body: () throws -> Void) -> UNError.Code? {
    do {
        try body()
        return nil
    } catch let error as UNError {
        return error.code
    } catch {
        return nil
    }
}

@Suite(.timeLimit(.minutes(1))) struct APIAttachmentTests {
    let directory: APIAttachmentDirectory

    init() throws { directory = try APIAttachmentDirectory() }

    @Test func validPNGIsAcceptedWithItsType() throws {
        let url = try directory.file("pixel.png", apiOnePixelPNG)
        let attachment = try UNNotificationAttachment(identifier: "image", url: url, options: nil)
        #expect(attachment.identifier == "image")
        #expect(attachment.url == url)
        #expect(attachment.type == "public.png")
    }

    @Test func emptyIdentifierGetsAUniqueOne() throws {
        let url = try directory.file("pixel.PNG", apiOnePixelPNG)
        let first = try UNNotificationAttachment(identifier: "", url: url)
        let second = try UNNotificationAttachment(identifier: "", url: url)
        #expect(!first.identifier.isEmpty)
        #expect(first.identifier != second.identifier)
        #expect(first.type == "public.png")
    }

    @Test func everySupportedExtensionHasApplesTypeIdentifier() throws {
        let table: [(String, String)] = [
            ("jpg", "public.jpeg"), ("jpeg", "public.jpeg"), ("gif", "com.compuserve.gif"),
            ("png", "public.png"), ("aiff", "public.aiff-audio"), ("aif", "public.aiff-audio"),
            ("wav", "com.microsoft.waveform-audio"), ("mp3", "public.mp3"),
            ("m4a", "public.mpeg-4-audio"), ("mpg", "public.mpeg"), ("mpeg", "public.mpeg"),
            ("m2v", "public.mpeg-2-video"), ("mp4", "public.mpeg-4"), ("avi", "public.avi"),
        ]
        let leading: [String: [UInt8]] = [
            "public.jpeg": [0xFF, 0xD8, 0xFF, 0xE0, 0, 0], "com.compuserve.gif": Array("GIF89a..".utf8),
            "public.png": apiOnePixelPNG,
        ]
        for (fileExtension, identifier) in table {
            let url = try directory.file("file.\(fileExtension)", leading[identifier] ?? [1, 2, 3, 4])
            let attachment = try UNNotificationAttachment(identifier: fileExtension, url: url)
            #expect(attachment.type == identifier, "\(fileExtension)")
        }
    }

    @Test func unknownExtensionIsUnrecognized() throws {
        let url = try directory.file("notes.xyz", [1, 2, 3])
        #expect(code { _ = try UNNotificationAttachment(identifier: "x", url: url) } == .attachmentUnrecognizedType)
        let none = try directory.file("noextension", [1, 2, 3])
        #expect(code { _ = try UNNotificationAttachment(identifier: "x", url: none) } == .attachmentUnrecognizedType)
    }

    @Test func typeHintOverridesTheExtension() throws {
        let url = try directory.file("image.bin", apiOnePixelPNG)
        let hinted = try UNNotificationAttachment(
            identifier: "h", url: url, options: [UNNotificationAttachmentOptionsTypeHintKey: "public.png"])
        #expect(hinted.type == "public.png")
        let unknownHint = [UNNotificationAttachmentOptionsTypeHintKey: "public.plain-text"]
        #expect(
            code { _ = try UNNotificationAttachment(identifier: "h", url: url, options: unknownHint) }
                == .attachmentUnrecognizedType)
    }

    @Test func sizeLimitsAreIOSs() throws {
        let megabyte: UInt64 = 1024 * 1024
        let limits: [(String, UInt64, [UInt8])] = [
            ("png", 10 * megabyte, apiOnePixelPNG), ("mp3", 5 * megabyte, [0x49, 0x44, 0x33]),
            ("mp4", 50 * megabyte, [0, 0, 0, 0x18]),
        ]
        for (fileExtension, limit, prefix) in limits {
            let atLimit = try directory.sparseFile("limit.\(fileExtension)", size: limit, prefix: prefix)
            #expect(
                code { _ = try UNNotificationAttachment(identifier: "a", url: atLimit) } == nil,
                "\(fileExtension) at the limit")
            let over = try directory.sparseFile("over.\(fileExtension)", size: limit + 1, prefix: prefix)
            #expect(
                code { _ = try UNNotificationAttachment(identifier: "a", url: over) } == .attachmentInvalidFileSize,
                "\(fileExtension) over the limit")
        }
        let empty = try directory.file("empty.png", [])
        #expect(code { _ = try UNNotificationAttachment(identifier: "e", url: empty) } == .attachmentInvalidFileSize)
    }

    @Test func missingDirectoryAndRemoteURLsAreInvalid() throws {
        let missing = directory.url.appendingPathComponent("missing.png")
        #expect(code { _ = try UNNotificationAttachment(identifier: "m", url: missing) } == .attachmentInvalidURL)
        let folder = directory.url.appendingPathComponent("folder.png")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(code { _ = try UNNotificationAttachment(identifier: "d", url: folder) } == .attachmentInvalidURL)
        let remote = try #require(URL(string: "https://example.com/image.png"))
        #expect(code { _ = try UNNotificationAttachment(identifier: "r", url: remote) } == .attachmentInvalidURL)
        // A FIFO is not a file to attach: refused as such (never read, so never blocking).
        let fifo = directory.url.appendingPathComponent("fifo.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: UNError.self) {
            do { _ = try UNNotificationAttachment(identifier: "f", url: fifo) } catch let error as UNError {
                #expect(error.code == .attachmentInvalidURL)
                #expect(error.localizedDescription.contains("not a regular file"), "\(error.localizedDescription)")
                throw error
            }
        }
    }

    @Test func imageWhoseBytesAreNotItsFormatIsCorrupt() throws {
        let url = try directory.file("fake.png", Array("not a png at all".utf8))
        #expect(code { _ = try UNNotificationAttachment(identifier: "f", url: url) } == .attachmentCorrupt)
        let jpeg = try directory.file("fake.jpg", apiOnePixelPNG)
        #expect(code { _ = try UNNotificationAttachment(identifier: "f", url: jpeg) } == .attachmentCorrupt)
    }

    @Test func thumbnailOptionsAreKept() throws {
        let url = try directory.file("thumb.png", apiOnePixelPNG)
        let attachment = try UNNotificationAttachment(
            identifier: "t", url: url,
            options: [
                UNNotificationAttachmentOptionsThumbnailHiddenKey: true,
                UNNotificationAttachmentOptionsThumbnailClippingRectKey: [
                    "X": 0.25, "Y": 0, "Width": 0.5, "Height": 1,
                ],
                UNNotificationAttachmentOptionsThumbnailTimeKey: 2.5,
            ])
        #expect(attachment.isThumbnailHidden)
        #expect(attachment.thumbnailClippingRect == CGRect(x: 0.25, y: 0, width: 0.5, height: 1))
        #expect(attachment.thumbnailTime == 2.5)
        #expect(attachment.fileType.kind == .image)
        #expect(attachment.fileType.mimeType == "image/png")
    }

    @Test func errorsSayWhatToDo() throws {
        let url = try directory.sparseFile("huge.png", size: 11 * 1024 * 1024, prefix: apiOnePixelPNG)
        do {
            _ = try UNNotificationAttachment(identifier: "h", url: url)
            Issue.record("an oversized image was accepted")
        } catch {
            #expect(error.localizedDescription.contains("at most 10485760 bytes"))
        }
    }
}
