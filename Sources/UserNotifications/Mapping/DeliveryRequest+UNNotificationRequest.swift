import Foundation

/// Apple's request → the agent's `DeliveryRequest`: the one place this translation happens.
extension DeliveryRequest {
    /// Takes what Linux can show; what it cannot is listed in the DocC article Compatibility
    /// (launch images, summary arguments, relevance and filter criteria are not sent).
    package init(_ request: UNNotificationRequest) {
        let content = request.content
        self.init(
            identifier: request.identifier, title: content.title, subtitle: content.subtitle, body: content.body,
            sound: content.sound.map(Self.sound), badge: content.badge?.intValue,
            categoryIdentifier: content.categoryIdentifier, threadIdentifier: content.threadIdentifier,
            interruptionLevel: InterruptionLevel(rawValue: Int(content.interruptionLevel.rawValue)) ?? .active,
            imagePath: content.attachments.first { $0.fileType.kind == .image }.map { $0.url.path })
        progress = content.userInfo[UNMutableNotificationContent.progressUserInfoKey] as? Int
        let custom = content.userInfo.reduce(into: [String: Any]()) { result, entry in
            if let key = entry.key as? String, key != UNMutableNotificationContent.progressUserInfoKey {
                result[key] = entry.value
            }
        }
        if !custom.isEmpty, JSONSerialization.isValidJSONObject(custom),
            // try?: isValidJSONObject was checked first; custom keys that still fail are left out, as Apple drops what is not property-list
            let data = try? JSONSerialization.data(withJSONObject: custom, options: [.sortedKeys])
        {
            userInfoJSON = String(decoding: data, as: UTF8.self)
        }
        isPush = request.trigger is UNPushNotificationTrigger
    }

    private static func sound(_ sound: UNNotificationSound) -> Sound {
        if sound.isCritical {
            return .critical(name: sound.soundName?.rawValue, volume: Double(sound.volume ?? 1))
        }
        guard let name = sound.soundName else { return .default }
        return .named(name.rawValue)
    }
}
