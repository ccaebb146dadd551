extension DeliveryRequest {
    /// The largest values the agent accepts in a request (UTF-8 bytes unless said otherwise);
    /// README's "Limits" lists them.
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
        ]
        for (name, value, limit) in fields {
            guard let size = value?.utf8.count, size > limit else { continue }
            throw AgentError(.invalidArgument, "request field '\(name)' is \(size) bytes: at most \(limit) are accepted")
        }
    }
}
