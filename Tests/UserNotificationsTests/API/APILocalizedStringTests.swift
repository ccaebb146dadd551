import Foundation
import Testing
import UserNotifications

@Suite(.timeLimit(.minutes(1))) struct APILocalizedStringTests {
    @Test func missingKeyIsReturnedAsIs() {
        #expect(NSString.localizedUserNotificationString(forKey: "Hello!", arguments: nil) == "Hello!")
        #expect(NSString.localizedUserNotificationString(forKey: "100% sure", arguments: nil) == "100% sure")
        #expect(NSString.localizedUserNotificationString(forKey: "Plain", arguments: []) == "Plain")
    }

    @Test func argumentsAreSubstituted() {
        #expect(
            NSString.localizedUserNotificationString(forKey: "From %@: %d new", arguments: ["Ann", 3])
                == "From Ann: 3 new")
        #expect(
            NSString.localizedUserNotificationString(forKey: "%2$@ then %1$@", arguments: ["one", "two"])
                == "two then one")
        #expect(NSString.localizedUserNotificationString(forKey: "%.1f%%", arguments: [99.44]) == "99.4%")
        #expect(NSString.localizedUserNotificationString(forKey: "%05d|%-3d|", arguments: [42, 7]) == "00042|7  |")
        #expect(
            NSString.localizedUserNotificationString(forKey: "%ld items", arguments: [NSNumber(value: 12)])
                == "12 items")
        #expect(
            NSString.localizedUserNotificationString(forKey: "%@", arguments: [NSString(string: "bridged")])
                == "bridged")
        #expect(NSString.localizedUserNotificationString(forKey: "%x", arguments: [255]) == "ff")
    }

    @Test func mismatchedOrMissingArgumentsNeverCrash() {
        #expect(NSString.localizedUserNotificationString(forKey: "%d apples", arguments: ["many"]) == "0 apples")
        #expect(NSString.localizedUserNotificationString(forKey: "count: %@", arguments: [5]) == "count: 5")
        #expect(NSString.localizedUserNotificationString(forKey: "%@ and %@", arguments: ["one"]) == "one and ")
        #expect(NSString.localizedUserNotificationString(forKey: "%s", arguments: ["c string"]) == "c string")
        #expect(NSString.localizedUserNotificationString(forKey: "trailing %", arguments: [1]) == "trailing %")
    }
}
