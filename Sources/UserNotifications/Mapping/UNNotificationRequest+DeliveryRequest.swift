import Foundation

/// The agent's `DeliveryRequest` → Apple's request, for the delivered and pending lists.
extension UNNotificationRequest {
    package convenience init(_ request: DeliveryRequest) {
        let content = UNMutableNotificationContent()
        content.title = request.title
        content.subtitle = request.subtitle
        content.body = request.body
        content.badge = request.badge.map { NSNumber(value: $0) }
        content.categoryIdentifier = request.categoryIdentifier
        content.threadIdentifier = request.threadIdentifier
        content.interruptionLevel =
            UNNotificationInterruptionLevel(rawValue: UInt(request.interruptionLevel.rawValue)) ?? .active
        switch request.sound {
        case .default?: content.sound = .default
        case .named(let name)?: content.sound = UNNotificationSound(named: UNNotificationSoundName(name))
        case .critical(let name?, let volume)?:
            content.sound = .criticalSoundNamed(UNNotificationSoundName(name), withAudioVolume: Float(volume))
        case .critical(nil, let volume)?: content.sound = .defaultCriticalSound(withAudioVolume: Float(volume))
        case nil: break
        }
        // try?: userInfoJSON is written by this library; text that does not parse leaves userInfo empty
        if let json = request.userInfoJSON, let object = try? ExactJSON.object(with: Data(json.utf8)),
            let userInfo = object as? [String: Any]
        {
            content.userInfo = userInfo
        }
        if let progress = request.progress { content.progress = progress }
        self.init(
            identifier: request.identifier, content: content,
            trigger: request.isPush ? UNPushNotificationTrigger() : nil)
    }
}
