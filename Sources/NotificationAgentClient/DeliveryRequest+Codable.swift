/// The stored form of a request, as the agent's pending record keeps it (`pending.json`).
///
/// JSON: `identifier`, `title`, `subtitle`, `body`, `category`, `thread` (strings),
/// `interruptionLevel` (Apple's raw value, 0 to 3), and when set `sound`, `badge`, `imagePath`,
/// `appIcon`, `expireTimeout`, `transient`, `progress`, `userInfo` (the JSON object's text) and
/// `push`. Vendor hints have no stored form: encoding a request that has some is an error (the
/// agent refuses to schedule one).
extension DeliveryRequest: Codable {
    private enum CodingKeys: String, CodingKey {
        case identifier, title, subtitle, body, sound, badge, imagePath, interruptionLevel, appIcon, expireTimeout
        case progress, userInfo
        case isTransient = "transient"
        case isPush = "push"
        case categoryIdentifier = "category"
        case threadIdentifier = "thread"
    }

    /// Reads the stored form; an unknown interruption level or sound kind is an error.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let level = try container.decodeIfPresent(Int.self, forKey: .interruptionLevel) ?? 1
        guard let interruptionLevel = InterruptionLevel(rawValue: level) else {
            throw DecodingError.dataCorruptedError(
                forKey: .interruptionLevel, in: container, debugDescription: "unknown interruption level \(level)")
        }
        self.init(
            identifier: try container.decode(String.self, forKey: .identifier),
            title: try container.decodeIfPresent(String.self, forKey: .title) ?? "",
            subtitle: try container.decodeIfPresent(String.self, forKey: .subtitle) ?? "",
            body: try container.decodeIfPresent(String.self, forKey: .body) ?? "",
            sound: try container.decodeIfPresent(Sound.self, forKey: .sound),
            badge: try container.decodeIfPresent(Int.self, forKey: .badge),
            categoryIdentifier: try container.decodeIfPresent(String.self, forKey: .categoryIdentifier) ?? "",
            threadIdentifier: try container.decodeIfPresent(String.self, forKey: .threadIdentifier) ?? "",
            interruptionLevel: interruptionLevel,
            imagePath: try container.decodeIfPresent(String.self, forKey: .imagePath))
        appIcon = try container.decodeIfPresent(String.self, forKey: .appIcon)
        expireTimeout = try container.decodeIfPresent(Int32.self, forKey: .expireTimeout)
        isTransient = try container.decodeIfPresent(Bool.self, forKey: .isTransient) ?? false
        progress = try container.decodeIfPresent(Int.self, forKey: .progress)
        userInfoJSON = try container.decodeIfPresent(String.self, forKey: .userInfo)
        isPush = try container.decodeIfPresent(Bool.self, forKey: .isPush) ?? false
    }

    /// Writes the stored form; fails for a request with vendor hints, which it cannot keep.
    package func encode(to encoder: any Encoder) throws {
        guard hints.isEmpty else {
            throw EncodingError.invalidValue(
                hints,
                .init(
                    codingPath: encoder.codingPath,
                    debugDescription: "vendor hints have no stored form"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(title, forKey: .title)
        try container.encode(subtitle, forKey: .subtitle)
        try container.encode(body, forKey: .body)
        try container.encodeIfPresent(sound, forKey: .sound)
        try container.encodeIfPresent(badge, forKey: .badge)
        try container.encode(categoryIdentifier, forKey: .categoryIdentifier)
        try container.encode(threadIdentifier, forKey: .threadIdentifier)
        try container.encode(interruptionLevel.rawValue, forKey: .interruptionLevel)
        try container.encodeIfPresent(imagePath, forKey: .imagePath)
        try container.encodeIfPresent(appIcon, forKey: .appIcon)
        try container.encodeIfPresent(expireTimeout, forKey: .expireTimeout)
        if isTransient { try container.encode(true, forKey: .isTransient) }
        try container.encodeIfPresent(progress, forKey: .progress)
        try container.encodeIfPresent(userInfoJSON, forKey: .userInfo)
        if isPush { try container.encode(true, forKey: .isPush) }
    }
}
