import DBus

/// Raw image data, the `image-data` hint: `(iiibiiay)` as the specification defines it.
public struct ImageData: DBusRepresentable, Hashable {
    /// The width in pixels.
    public var width: Int32
    /// The height in pixels.
    public var height: Int32
    /// Bytes per row.
    public var rowStride: Int32
    /// Whether each pixel has an alpha channel.
    public var hasAlpha: Bool
    /// Bits per channel of a pixel; the specification allows only 8.
    public var bitsPerSample: Int32
    /// Channels per pixel: 3 for RGB, 4 for RGBA.
    public var channels: Int32
    /// The pixels, row after row, each row ``rowStride`` bytes long.
    public var pixels: [UInt8]

    /// An image of `width` × `height` pixels from its rows of bytes.
    public init(
        width: Int32, height: Int32, rowStride: Int32, hasAlpha: Bool, bitsPerSample: Int32 = 8,
        channels: Int32, pixels: [UInt8]
    ) {
        self.width = width
        self.height = height
        self.rowStride = rowStride
        self.hasAlpha = hasAlpha
        self.bitsPerSample = bitsPerSample
        self.channels = channels
        self.pixels = pixels
    }

    public static var dbusSignature: DBusSignature {
        .structure([.int32, .int32, .int32, .boolean, .int32, .int32, .array(.byte)])
    }

    public var dbusValue: DBusValue {
        .structure([
            .int32(width), .int32(height), .int32(rowStride), .boolean(hasAlpha), .int32(bitsPerSample),
            .int32(channels), pixels.dbusValue,
        ])
    }

    public init(dbusValue: DBusValue) throws {
        guard case .structure(let fields) = dbusValue, fields.count == 7 else {
            throw DBusError(.unexpectedType, "image data must be '(iiibiiay)', got '\(dbusValue.signature)'")
        }
        self.init(
            width: try fields[0].decode(), height: try fields[1].decode(), rowStride: try fields[2].decode(),
            hasAlpha: try fields[3].decode(), bitsPerSample: try fields[4].decode(), channels: try fields[5].decode(),
            pixels: try fields[6].decode())
    }
}
