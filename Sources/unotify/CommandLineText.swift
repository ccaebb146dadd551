#if canImport(Glibc)
    import Glibc
#endif

/// Checks the raw command line before Swift turns it into `String`s (which would silently
/// replace invalid bytes): D-Bus carries only valid UTF-8, so notify-send refuses it too.
enum CommandLineText {
    /// A message about the first argument that is not valid UTF-8, or `nil`.
    static func invalidUTF8Argument() -> String? {
        for index in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self),
                count: strlen(raw))
            var decoder = UTF8()
            var iterator = bytes.makeIterator()
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue: continue
                case .emptyInput: break decoding
                case .error:
                    return "argument \(index) is not valid UTF-8; notifications carry UTF-8 text only "
                        + "(convert it first, e.g. with iconv -t UTF-8)"
                }
            }
        }
        return nil
    }

    /// notify-send's body escapes (GLib's `g_strcompress`): `\n \t \r \b \f \v \\ \"` and octal `\NNN`.
    static func compressEscapes(_ text: String) -> String {
        var output: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "\\"), let next = bytes.popFirst() else {
                if byte != UInt8(ascii: "\\") { output.append(byte) }
                continue
            }
            switch next {
            case UInt8(ascii: "b"): output.append(8)
            case UInt8(ascii: "f"): output.append(12)
            case UInt8(ascii: "n"): output.append(10)
            case UInt8(ascii: "r"): output.append(13)
            case UInt8(ascii: "t"): output.append(9)
            case UInt8(ascii: "v"): output.append(11)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(next - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard let digit = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else {
                        break
                    }
                    value = value * 8 + Int(digit - UInt8(ascii: "0"))
                    bytes = bytes.dropFirst()
                }
                output.append(UInt8(truncatingIfNeeded: value))
            default: output.append(next)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
