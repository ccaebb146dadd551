import NotificationAgentClient

extension PendingNotification {
    /// `DeliveryRequest` as a stored record: the same fields, `Codable`. Converting a request to
    /// `Content` and back gives the same request.
    ///
    /// JSON: `identifier`, `title`, `subtitle`, `body`, `category`, `thread` (strings),
    /// `interruptionLevel` (Apple's raw value, 0 to 3), and when set `sound`, `badge`,
    /// `imagePath`, `appIcon`, `expireTimeout` and `transient`. Vendor hints are not kept: a
    /// request with hints cannot be scheduled.
    package struct Content: Codable, Hashable, Sendable {
        /// The request's identifier, unique within its app.
        package var identifier: String
        /// The title line.
        package var title: String
        /// The subtitle line.
        package var subtitle: String
        /// The body text.
        package var body: String
        /// The sound to play, if any.
        package var sound: Sound?
        /// The badge count to set, if any.
        package var badge: Int?
        /// The category's identifier (its actions), or empty.
        package var categoryIdentifier: String
        /// The thread's identifier, or empty.
        package var threadIdentifier: String
        /// How loudly to interrupt.
        package var interruptionLevel: DeliveryRequest.InterruptionLevel
        /// An image to show, as a path.
        package var imagePath: String?
        /// The icon for `app_icon`, if any.
        package var appIcon: String?
        /// The popup's timeout in milliseconds, if any.
        package var expireTimeout: Int32?
        /// Whether the server should forget it once its popup is gone.
        package var isTransient: Bool

        /// The stored form of `request`.
        package init(_ request: DeliveryRequest) {
            identifier = request.identifier
            title = request.title
            subtitle = request.subtitle
            body = request.body
            sound = request.sound.map(Sound.init)
            badge = request.badge
            categoryIdentifier = request.categoryIdentifier
            threadIdentifier = request.threadIdentifier
            interruptionLevel = request.interruptionLevel
            imagePath = request.imagePath
            appIcon = request.appIcon
            expireTimeout = request.expireTimeout
            isTransient = request.isTransient
        }

        /// The request this records.
        package var deliveryRequest: DeliveryRequest {
            var request = DeliveryRequest(
                identifier: identifier, title: title, subtitle: subtitle, body: body, sound: sound?.deliverySound,
                badge: badge, categoryIdentifier: categoryIdentifier, threadIdentifier: threadIdentifier,
                interruptionLevel: interruptionLevel, imagePath: imagePath)
            (request.appIcon, request.expireTimeout, request.isTransient) = (appIcon, expireTimeout, isTransient)
            return request
        }

        private enum CodingKeys: String, CodingKey {
            case identifier, title, subtitle, body, sound, badge, imagePath, interruptionLevel, appIcon, expireTimeout
            case isTransient = "transient"
            case categoryIdentifier = "category"
            case threadIdentifier = "thread"
        }

        /// Reads the JSON form; an unknown interruption level is an error.
        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            identifier = try container.decode(String.self, forKey: .identifier)
            title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
            subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle) ?? ""
            body = try container.decodeIfPresent(String.self, forKey: .body) ?? ""
            sound = try container.decodeIfPresent(Sound.self, forKey: .sound)
            badge = try container.decodeIfPresent(Int.self, forKey: .badge)
            categoryIdentifier = try container.decodeIfPresent(String.self, forKey: .categoryIdentifier) ?? ""
            threadIdentifier = try container.decodeIfPresent(String.self, forKey: .threadIdentifier) ?? ""
            imagePath = try container.decodeIfPresent(String.self, forKey: .imagePath)
            appIcon = try container.decodeIfPresent(String.self, forKey: .appIcon)
            expireTimeout = try container.decodeIfPresent(Int32.self, forKey: .expireTimeout)
            isTransient = try container.decodeIfPresent(Bool.self, forKey: .isTransient) ?? false
            let level = try container.decodeIfPresent(Int.self, forKey: .interruptionLevel)
            guard let interruption = DeliveryRequest.InterruptionLevel(rawValue: level ?? 1) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .interruptionLevel, in: container, debugDescription: "unknown interruption level \(level ?? 1)")
            }
            interruptionLevel = interruption
        }

        /// Writes the JSON form.
        package func encode(to encoder: any Encoder) throws {
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
        }
    }
}
