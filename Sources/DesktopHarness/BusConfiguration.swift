import Foundation

/// A private bus's configuration, from the project's template `dbus/session-bus.conf.in`: its
/// socket and an empty service directory of its own, so nothing installed on the machine is
/// ever activated on it.
enum BusConfiguration {
    static func fill(template: String, socketPath: String, serviceDirectory: String) -> String {
        template
            .replacingOccurrences(of: "@SOCKET_PATH@", with: xmlEscaped(addressEscaped(socketPath)))
            .replacingOccurrences(of: "@SERVICE_DIR@", with: xmlEscaped(serviceDirectory))
    }

    /// A D-Bus address value: bytes outside `[-0-9A-Za-z_/.\*]` as `%XX`.
    static func addressEscaped(_ value: String) -> String {
        var escaped = ""
        for byte in value.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "-_/.\\*".contains(character) {
                escaped.append(character)
            } else {
                escaped += "%" + String(byte, radix: 16, uppercase: false).leftPadded(to: 2)
            }
        }
        return escaped
    }

    static func xmlEscaped(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
