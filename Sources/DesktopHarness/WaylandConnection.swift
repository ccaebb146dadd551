import Foundation
import Glibc

/// A plain Wayland wire-protocol client: object ids, requests, and the events read in a round
/// trip (the registry's globals; a protocol error ends it). Enough for a virtual pointer; no
/// library.
final class WaylandConnection {
    private let socket: Int32
    private var nextID: UInt32 = 2
    private var buffer: [UInt8] = []
    private(set) var globals: [String: UInt32] = [:]
    private var registry: UInt32 = 0

    /// Connects to `display` (an absolute socket path, or a name in `runtimeDirectory`).
    init(display: String, runtimeDirectory: String) throws {
        let path = display.hasPrefix("/") ? display : "\(runtimeDirectory)/\(display)"
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw HarnessError("wl-click: no socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(socket)
            throw HarnessError("wl-click: socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw HarnessError("wl-click: cannot connect to \(path): \(reason)")
        }
        registry = newID()
        try request(1, 1, Self.words(registry))  // wl_display.get_registry
        try roundTrip()
    }

    deinit { close(socket) }

    func newID() -> UInt32 {
        defer { nextID += 1 }
        return nextID
    }

    /// Sends request `opcode` to object `object` with `payload` (already in wire format).
    func request(_ object: UInt32, _ opcode: UInt16, _ payload: [UInt8] = []) throws {
        let header = Self.words(object, UInt32(8 + payload.count) << 16 | UInt32(opcode))
        let message = header + payload
        let sent = message.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == message.count else { throw HarnessError("wl-click: the compositor closed the connection") }
    }

    /// Sends `wl_display.sync` and reads events until its callback is done.
    func roundTrip() throws {
        let callback = newID()
        try request(1, 0, Self.words(callback))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw HarnessError("wl-click: the compositor closed the connection") }
            buffer += chunk[0..<count]
            while buffer.count >= 8 {
                let object = Self.word(buffer, at: 0)
                let sizeAndOpcode = Self.word(buffer, at: 4)
                let size = Int(sizeAndOpcode >> 16)
                let opcode = sizeAndOpcode & 0xffff
                guard size >= 8, buffer.count >= size else { break }
                let payload = Array(buffer[8..<size])
                buffer.removeFirst(size)
                if object == 1 && opcode == 0 {  // wl_display.error
                    throw HarnessError("wl-click: protocol error: \(Self.string(payload, at: 8))")
                }
                if object == registry && opcode == 0 {  // wl_registry.global
                    globals[Self.string(payload, at: 4)] = Self.word(payload, at: 0)
                }
                if object == callback && opcode == 0 { return }  // wl_callback.done
            }
        }
    }

    /// Binds the global `interface` at `version`; returns the new object.
    func bind(_ interface: String, version: UInt32) throws -> UInt32 {
        guard let name = globals[interface] else { throw HarnessError("wl-click: the compositor has no \(interface)") }
        let object = newID()
        try request(registry, 0, Self.words(name) + Self.string(interface) + Self.words(version, object))
        return object
    }

    /// Blocks until the compositor closes the connection (its events are read and dropped).
    func waitUntilClosed() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while chunk.withUnsafeMutableBytes({ recv(socket, $0.baseAddress, $0.count, 0) }) > 0 {}
    }

    static func words(_ values: UInt32...) -> [UInt8] {
        values.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    }

    /// A Wayland string: its length with the NUL, the bytes, the NUL, padded to 4 bytes.
    static func string(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8) + [0]
        return words(UInt32(bytes.count)) + bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
    }

    static func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    /// The string at `offset` in an event's payload (its length word first).
    static func string(_ payload: [UInt8], at offset: Int) -> String {
        guard payload.count >= offset + 4 else { return "" }
        let length = Int(word(payload, at: offset))
        let start = offset + 4
        let end = min(payload.count, start + max(0, length - 1))
        return String(decoding: payload[start..<end], as: UTF8.self)
    }
}
