import Foundation

/// The pixels of a screenshot, 8 bits a channel, as `import` (PPM or PAM) and `grim` (PPM) print
/// them: RGB, with an alpha channel when the window has one (opaque otherwise).
public struct ScreenImage: Sendable {
    /// One pixel's colour.
    public struct Pixel: Equatable, Sendable {
        public let red: UInt8
        public let green: UInt8
        public let blue: UInt8

        public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// The brightest channel.
        var maximum: UInt8 { max(red, green, blue) }
        /// The darkest channel.
        var minimum: UInt8 { min(red, green, blue) }

        /// The largest difference of one channel from `other`'s.
        func difference(from other: Pixel) -> Int {
            max(
                abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)),
                abs(Int(blue) - Int(other.blue)))
        }
    }

    public let width: Int
    public let height: Int
    /// Channels a pixel: 3 (RGB) or 4 (RGBA).
    let channels: Int
    let bytes: [UInt8]

    /// An image of `bytes`, row after row, `channels` (3 or 4) bytes a pixel.
    public init(width: Int, height: Int, channels: Int, bytes: [UInt8]) throws {
        guard width >= 0, height >= 0, channels == 3 || channels == 4 else {
            throw HarnessError("a \(width)x\(height) image of \(channels) channels")
        }
        guard bytes.count >= width * height * channels else {
            throw HarnessError("a truncated \(width)x\(height) image (\(bytes.count) bytes)")
        }
        self.width = width
        self.height = height
        self.channels = channels
        self.bytes = bytes
    }

    /// The colour at (x, y).
    public func pixel(_ x: Int, _ y: Int) -> Pixel {
        let at = (y * width + x) * channels
        return Pixel(bytes[at], bytes[at + 1], bytes[at + 2])
    }

    /// The opacity at (x, y), 0 to 255 (255 without an alpha channel).
    public func alpha(_ x: Int, _ y: Int) -> UInt8 {
        channels == 4 ? bytes[(y * width + x) * 4 + 3] : 255
    }

    /// A binary PPM of maximum value 255 (`P6 W H 255`, then the pixels), as `import ... ppm:-`
    /// and `grim -t ppm` print it; nil if `data` is none.
    public static func ppm(_ data: Data) -> ScreenImage? {
        let bytes = [UInt8](data)
        var at = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func spaces() -> Bool {
            let start = at
            while at < bytes.count, isSpace(bytes[at]) { at += 1 }
            return at > start
        }
        func number() -> Int? {
            let start = at
            while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
            guard at > start, at - start < 10 else { return nil }
            return Int(String(decoding: bytes[start..<at], as: UTF8.self))
        }
        guard bytes.starts(with: Array("P6".utf8)) else { return nil }
        at = 2
        guard spaces(), let width = number(), spaces(), let height = number(), spaces(), number() == 255,
            at < bytes.count, isSpace(bytes[at])
        else { return nil }
        // try?: a truncated image is no image, as a missing one
        return try? ScreenImage(width: width, height: height, channels: 3, bytes: Array(bytes[(at + 1)...]))
    }

    /// A PAM (`P7`, a header of `NAME VALUE` lines ending with `ENDHDR`), as `import ... pam:-`
    /// prints it: depth 3 (RGB) or 4 (RGBA).
    public static func pam(_ data: Data) throws -> ScreenImage {
        let bytes = [UInt8](data)
        let end = Array("ENDHDR\n".utf8)
        guard let headerEnd = (0...max(0, bytes.count - end.count)).first(where: { bytes[$0...].starts(with: end) })
        else { throw HarnessError("not a PAM image (no ENDHDR)") }
        var fields: [String: String] = [:]
        for line in String(decoding: bytes[..<headerEnd], as: UTF8.self).split(separator: "\n").dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        guard let width = Int(fields["WIDTH"] ?? ""), let height = Int(fields["HEIGHT"] ?? ""),
            let depth = Int(fields["DEPTH"] ?? "")
        else { throw HarnessError("a PAM image without WIDTH, HEIGHT or DEPTH") }
        guard depth == 3 || depth == 4 else { throw HarnessError("unsupported PAM depth \(depth)") }
        return try ScreenImage(
            width: width, height: height, channels: depth, bytes: Array(bytes[(headerEnd + end.count)...]))
    }

    /// The image in the file at `path`, a PPM or a PAM (`test-desktop`'s `--image`).
    public static func file(_ path: String) throws -> ScreenImage {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HarnessError("cannot read \(path)")
        }
        if data.starts(with: Array("P7".utf8)) { return try pam(data) }
        guard let image = ppm(data) else { throw HarnessError("\(path) is no binary PPM or PAM image") }
        return image
    }
}
