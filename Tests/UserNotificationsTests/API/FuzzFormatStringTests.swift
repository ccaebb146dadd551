import Foundation
import Testing
import UserNotifications

/// Format strings found by fuzzing (`scripts/fuzz fuzz-strings-table`): a localized string's
/// format comes from the app, or from a pushed payload's `loc-key` when the app has no such
/// key, so it is untrusted text and must never crash the process.
@Suite(.timeLimit(.minutes(1))) struct FuzzFormatStringTests {
    @Test func aWidthTooLargeForFoundationIsLeftAsText() {
        // Foundation's String(format:) stops the process ("Failed to format string: Overflow").
        #expect(
            NSString.localizedUserNotificationString(forKey: "%38888888888888888888C!", arguments: [1])
                == "%38888888888888888888C!")
        #expect(
            NSString.localizedUserNotificationString(forKey: "[%.99999999999f]", arguments: [1.5])
                == "[%.99999999999f]")
    }

    @Test func aHugeButRepresentableWidthIsLeftAsText() {
        // Padding a notification's text to a gigabyte is never meant.
        #expect(NSString.localizedUserNotificationString(forKey: "%999999999d", arguments: [1]) == "%999999999d")
        #expect(
            NSString.localizedUserNotificationString(forKey: "%1024d|", arguments: [1])
                == String(repeating: " ", count: 1023) + "1|")
    }

    @Test func aMalformedPrecisionIsLeftAsText() {
        #expect(NSString.localizedUserNotificationString(forKey: "%1.2.3f", arguments: [1.5]) == "%1.2.3f")
        #expect(NSString.localizedUserNotificationString(forKey: "%5.d", arguments: [7]) == "    7")
    }

    @Test func aDoubleBeyondIntIsClampedForAnIntegerSpecifier() {
        #expect(NSString.localizedUserNotificationString(forKey: "%d", arguments: [1e300]) == String(Int.max))
        #expect(NSString.localizedUserNotificationString(forKey: "%d", arguments: [-1e300]) == String(Int.min))
        #expect(NSString.localizedUserNotificationString(forKey: "%d", arguments: [Float(-3e38)]) == String(Int.min))
        #expect(
            NSString.localizedUserNotificationString(forKey: "%d", arguments: [NSNumber(value: 1e300)])
                == String(Int.max))
    }
}
