import Foundation
import Testing
import UserNotifications

/// The seed listings' statements run against a fake backend (the copies in SeedListings.swift
/// use the shared center, whose backend is the agent). Each test repeats a listing with only
/// `let center = UNUserNotificationCenter.current()` replaced, then checks what reached the
/// backend and the objects the listing built.
@Suite(.timeLimit(.minutes(1))) struct SeedListingsTests {
    let backend = SeedFakeBackend()
    let center: UNUserNotificationCenter

    init() {
        center = UNUserNotificationCenter(appIdentifier: "org.example.SeedApp", backend: backend)
    }

    @Test func explicitRequestAsksForAlertSoundAndBadge() async {
        // 000, 003 and 004: "Explicitly Request Authorization in Context".
        center.requestAuthorization(options: [.alert, .sound, .badge]) { granted, error in
            if let error = error {
                // Handle the error here.
                _ = error
            }
            // Enable or disable features based on the authorization.
        }
        #expect(await seedWait { await backend.requestedOptions.count == 1 })
        let options = await backend.requestedOptions
        #expect(options == [[.alert, .sound, .badge]])
        #expect(options.first?.rawValue == 7)
        #expect(options.first?.contains(.provisional) == false)
        #expect(await backend.appIdentifiers == ["org.example.SeedApp"])
    }

    @Test func provisionalRequestAddsTheProvisionalOption() async {
        // 000, 003 and 004: "Use Provisional Authorization to Send Trial Notifications".
        center.requestAuthorization(options: [.alert, .sound, .badge, .provisional]) { granted, error in
            if let error = error {
                // Handle the error here.
                _ = error
            }
            // Provisional authorization granted.
        }
        #expect(await seedWait { await backend.requestedOptions.count == 1 })
        let options = await backend.requestedOptions.first
        #expect(options?.rawValue == 71)
        #expect(options?.contains(.provisional) == true)
        #expect(UNAuthorizationOptions.provisional.rawValue == 64)
    }

    @Test func listingOneRequestsAlertAndSound() async {
        // 001, Listing 1.
        center.requestAuthorization(options: [.alert, .sound]) { (granted, error) in
            // Enable or disable features based on authorization
        }
        #expect(await seedWait { await backend.requestedOptions == [[.alert, .sound]] })
    }

    @Test func settingsListingQueriesTheSettingsAndSeesThemAuthorized() async {
        // 000, 003 and 004: "Customize Notifications Based on the Current Authorizations".
        center.getNotificationSettings { settings in
            guard (settings.authorizationStatus == .authorized) || (settings.authorizationStatus == .provisional) else {
                return
            }

            if settings.alertSetting == .enabled {
                // Schedule an alert-only notification.
            } else {
                // Schedule a notification with a badge and sound.
            }
        }
        #expect(await seedWait { await backend.settingsQueries == 1 })
        let settings = await center.notificationSettings()
        #expect(settings.authorizationStatus == .authorized)
        #expect(settings.alertSetting == .enabled)
        #expect(settings.notificationCenterSetting == .enabled)
        #expect(UNAuthorizationStatus.authorized.rawValue == 2 && UNAuthorizationStatus.provisional.rawValue == 3)
        #expect(UNNotificationSetting.enabled.rawValue == 2)
    }

    @Test func listingTwoSchedulesTheFiveSecondRequest() async throws {
        // 001, Listing 2.
        let content = UNMutableNotificationContent()
        content.title = NSString.localizedUserNotificationString(
            forKey:
                "Hello!", arguments: nil)
        content.body = NSString.localizedUserNotificationString(
            forKey:
                "Hello_message_body", arguments: nil)

        // Deliver the notification in five seconds.
        content.sound = UNNotificationSound.default
        let trigger = UNTimeIntervalNotificationTrigger(
            timeInterval: 5,
            repeats: false)

        // Schedule the notification.
        let request = UNNotificationRequest(identifier: "FiveSecond", content: content, trigger: trigger)
        center.add(request, withCompletionHandler: nil)

        #expect(await seedWait { await backend.addedRequests.count == 1 })
        let added = try #require(await backend.addedRequests.first)
        #expect(added.identifier == "FiveSecond")
        // Without Localizable.strings the keys are the text.
        #expect(added.content.title == "Hello!")
        #expect(added.content.body == "Hello_message_body")
        #expect(added.content.sound != nil && added.content.sound?.soundName == nil)
        let addedTrigger = try #require(added.trigger as? UNTimeIntervalNotificationTrigger)
        #expect(addedTrigger.timeInterval == 5)
        #expect(addedTrigger.repeats == false)
        #expect(addedTrigger.validationError() == nil)
        let fireDate = try #require(addedTrigger.nextTriggerDate())
        #expect(abs(fireDate.timeIntervalSinceNow - 5) < 1)
    }

    @Test func listingsUseApplesNamesAndValues() {
        #expect(UNAuthorizationOptions.badge.rawValue == 1)
        #expect(UNAuthorizationOptions.sound.rawValue == 2)
        #expect(UNAuthorizationOptions.alert.rawValue == 4)
        #expect(UNErrorDomain == "UNErrorDomain")
        #expect(UNAuthorizationStatus.notDetermined.rawValue == 0 && UNAuthorizationStatus.denied.rawValue == 1)
        let settings = UNNotificationSettings(authorizationStatus: .provisional)
        #expect(SeedAPISurface.describe(settings) == "provisional")
    }

    @Test func aClassicDelegateIsTheOneTheCenterCalls() async {
        // 000: "Your notification center delegate's userNotificationCenter:willPresent…".
        let delegate = SeedClassicDelegate()
        center.delegate = delegate
        let content = UNMutableNotificationContent()
        content.title = "Hi"
        let notification = UNNotification(
            request: UNNotificationRequest(identifier: "fg", content: content, trigger: nil), date: Date())
        var events = delegate.events.makeAsyncIterator()
        #expect(await center.presentationOptions(for: notification) == [.banner, .list, .sound])
        #expect(await events.next() == "willPresent fg")
        await center.deliver(
            UNNotificationResponse(notification: notification, actionIdentifier: UNNotificationDefaultActionIdentifier))
        #expect(await events.next() == "didReceive com.apple.UNNotificationDefaultActionIdentifier")
    }

    @Test func aMainActorDelegateWithNonisolatedMethodsIsCalled() async {
        let delegate = await SeedMainActorDelegate()
        center.delegate = delegate
        let notification = UNNotification(
            request: UNNotificationRequest(identifier: "m", content: UNNotificationContent(), trigger: nil),
            date: Date())
        #expect(await center.presentationOptions(for: notification) == [.banner])
    }

    @Test func theAsyncFormsCompile() async throws {
        let content = UNMutableNotificationContent()
        content.body = "async"
        try await SeedAPISurface.asyncDeclarations(
            center, UNNotificationRequest(identifier: "async", content: content, trigger: nil))
        #expect(await backend.addedRequests.map(\.identifier) == ["async"])
    }
}
