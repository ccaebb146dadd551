import Testing
import UserNotifications

/// Every raw value equals the number in Apple's SDK headers, so masks and codes stored or sent
/// by one platform mean the same on the other.
@Suite(.timeLimit(.minutes(1))) struct APIRawValueTests {
    @Test func authorizationOptions() {
        let table: [(UNAuthorizationOptions, UInt)] = [
            (.badge, 1), (.sound, 2), (.alert, 4), (.carPlay, 8), (.criticalAlert, 16),
            (.providesAppNotificationSettings, 32), (.provisional, 64),
            (.announcement, 128), (.timeSensitive, 256),
        ]
        for (option, raw) in table { #expect(option.rawValue == raw) }
        #expect(UNAuthorizationOptions([.alert, .sound, .badge]).rawValue == 7)
        #expect(UNAuthorizationOptions([.alert, .sound, .badge, .provisional]).rawValue == 71)
        #expect(UNAuthorizationOptions(rawValue: 71).contains(.provisional))
    }

    @Test func authorizationStatus() {
        let table: [(UNAuthorizationStatus, Int)] = [
            (.notDetermined, 0), (.denied, 1), (.authorized, 2), (.provisional, 3), (.ephemeral, 4),
        ]
        for (status, raw) in table {
            #expect(status.rawValue == raw)
            #expect(UNAuthorizationStatus(rawValue: raw) == status)
        }
        #expect(UNAuthorizationStatus(rawValue: 5) == nil)
    }

    @Test func notificationSetting() {
        let table: [(UNNotificationSetting, Int)] = [(.notSupported, 0), (.disabled, 1), (.enabled, 2)]
        for (setting, raw) in table { #expect(setting.rawValue == raw) }
    }

    @Test func alertStyle() {
        let table: [(UNAlertStyle, Int)] = [(.none, 0), (.banner, 1), (.alert, 2)]
        for (style, raw) in table { #expect(style.rawValue == raw) }
    }

    @Test func showPreviewsSetting() {
        let table: [(UNShowPreviewsSetting, Int)] = [(.always, 0), (.whenAuthenticated, 1), (.never, 2)]
        for (setting, raw) in table { #expect(setting.rawValue == raw) }
    }

    @Test func presentationOptions() {
        let table: [(UNNotificationPresentationOptions, UInt)] = [
            (.badge, 1), (.sound, 2), (.alert, 4), (.list, 8), (.banner, 16),
        ]
        for (option, raw) in table { #expect(option.rawValue == raw) }
    }

    @Test func interruptionLevel() {
        let table: [(UNNotificationInterruptionLevel, UInt)] = [
            (.passive, 0), (.active, 1), (.timeSensitive, 2), (.critical, 3),
        ]
        for (level, raw) in table { #expect(level.rawValue == raw) }
    }

    @Test func actionOptions() {
        let table: [(UNNotificationActionOptions, UInt)] = [
            (.authenticationRequired, 1), (.destructive, 2), (.foreground, 4),
        ]
        for (option, raw) in table { #expect(option.rawValue == raw) }
    }

    @Test func categoryOptions() {
        let table: [(UNNotificationCategoryOptions, UInt)] = [
            (.customDismissAction, 1), (.allowInCarPlay, 2), (.hiddenPreviewsShowTitle, 4),
            (.hiddenPreviewsShowSubtitle, 8), (.allowAnnouncement, 16),
        ]
        for (option, raw) in table { #expect(option.rawValue == raw) }
    }

    @Test func actionIdentifiersAndDomain() {
        #expect(UNNotificationDefaultActionIdentifier == "com.apple.UNNotificationDefaultActionIdentifier")
        #expect(UNNotificationDismissActionIdentifier == "com.apple.UNNotificationDismissActionIdentifier")
        #expect(UNErrorDomain == "UNErrorDomain")
    }

    @Test func engineOptionBitsAgreeWithTheAPI() {
        let pairs: [(UNAuthorizationOptions, AuthorizationOptionBits)] = [
            (.badge, .badge), (.sound, .sound), (.alert, .alert), (.carPlay, .carPlay),
            (.criticalAlert, .criticalAlert), (.providesAppNotificationSettings, .providesAppNotificationSettings),
            (.provisional, .provisional), (.announcement, .announcement), (.timeSensitive, .timeSensitive),
        ]
        for (api, engine) in pairs { #expect(api.rawValue == engine.rawValue) }
    }
}
