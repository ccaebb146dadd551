import DBus

extension DeliveryRequest {
    /// The largest values the agent accepts in a request (UTF-8 bytes unless said otherwise);
    /// docs/CLI.md's "Limits" lists them.
    package enum Limits {
        /// The notification's identifier, its category's and its thread's.
        package static let identifier = 1_024
        /// The title and the subtitle.
        package static let title = 4_096
        /// The body.
        package static let body = 65_536
        /// A path (image, sound file) or a name (sound, icon).
        package static let path = 4_096
        /// The app's custom data (`userInfo`) as JSON text.
        package static let userInfo = 65_536
        /// The number of vendor hints.
        package static let hintCount = 32
        /// A hint's name.
        package static let hintName = 255
        /// All vendor hints' values together, as D-Bus marshals them (about).
        package static let hintBytes = 65_536
    }
}

extension DeliveryRequest {
    /// Throws `invalidArgument` naming the first field over its limit (``Limits``), and its size.
    package func checkLimits() throws(AgentError) {
        var sound: String?
        switch self.sound {
        case .named(let name)?, .critical(let name?, _)?: sound = name
        default: break
        }
        let fields: [(String, String?, Int)] = [
            ("identifier", identifier, Limits.identifier), ("category", categoryIdentifier, Limits.identifier),
            ("thread", threadIdentifier, Limits.identifier), ("title", title, Limits.title),
            ("subtitle", subtitle, Limits.title), ("body", body, Limits.body), ("image-path", imagePath, Limits.path),
            ("sound", sound, Limits.path), ("user-info", userInfoJSON, Limits.userInfo),
            ("app-icon", appIcon, Limits.path),
        ]
        for (name, value, limit) in fields {
            guard let size = value?.utf8.count, size > limit else { continue }
            throw AgentError(
                .invalidArgument, "request field '\(name)' is \(size) bytes: at most \(limit) are accepted")
        }
        try checkHints()
    }

    /// Throws `invalidArgument` for too many hints, a name empty, too long or reserved, or
    /// values too large together.
    private func checkHints() throws(AgentError) {
        guard hints.count <= Limits.hintCount else {
            throw AgentError(.invalidArgument, "\(hints.count) hints: at most \(Limits.hintCount) are accepted")
        }
        var bytes = 0
        for (name, value) in hints {
            guard !name.isEmpty, name.utf8.count <= Limits.hintName else {
                throw AgentError(
                    .invalidArgument,
                    "the hint name \(AgentError.quote(name)) must be 1 to "
                        + "\(Limits.hintName) bytes")
            }
            guard !Self.reservedHints.contains(name) else {
                throw AgentError(
                    .invalidArgument,
                    "the agent sets the hint '\(name)' itself; use the request's own "
                        + "fields (interruption level, sound, image, progress) instead")
            }
            bytes += name.utf8.count + Self.size(of: value.value)
        }
        guard bytes <= Limits.hintBytes else {
            throw AgentError(
                .invalidArgument, "the hints are about \(bytes) bytes: at most \(Limits.hintBytes) are accepted")
        }
    }

    /// About how many bytes `value` takes on the wire (libdbus bounds the nesting of received ones).
    private static func size(of value: DBusValue) -> Int {
        switch value {
        case .string(let text): 5 + text.utf8.count
        case .objectPath(let path): 5 + path.rawValue.utf8.count
        case .signature(let signature): 2 + signature.description.utf8.count
        case .variant(let inner): 4 + size(of: inner)
        case .array(_, let items), .structure(let items): 8 + items.reduce(0) { $0 + size(of: $1) }
        case .dictionary(_, _, let entries): 8 + entries.reduce(0) { $0 + 8 + size(of: $1.key) + size(of: $1.value) }
        default: 8
        }
    }
}
