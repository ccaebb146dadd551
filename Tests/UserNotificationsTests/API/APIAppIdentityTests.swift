import Foundation
import Testing
import UserNotifications

@Suite(.timeLimit(.minutes(1))) struct APIAppIdentityTests {
    @Test func environmentWinsOverBundleAndExecutable() throws {
        let result = AppIdentity.resolve(
            environment: ["UNOTIFY_APP_ID": "org.example.Env"], bundleIdentifier: "org.example.Bundle",
            executableName: "tool")
        #expect(try result.get() == "org.example.Env")
    }

    @Test func invalidEnvironmentValueIsAnErrorThatNamesIt() {
        let result = AppIdentity.resolve(
            environment: ["UNOTIFY_APP_ID": "not valid"], bundleIdentifier: "org.example.Bundle",
            executableName: "tool")
        guard case .failure(let error) = result else {
            Issue.record("an invalid UNOTIFY_APP_ID was accepted")
            return
        }
        #expect(error.code == .notificationsNotAllowed)
        #expect(error.localizedDescription.contains("UNOTIFY_APP_ID=\"not valid\""))
    }

    /// In a snap the app is `snap.NAME`, as the notification portal names it (the snap is told
    /// by `SnapSandbox`, tested with faked cgroups); UNOTIFY_APP_ID and FLATPAK_ID still win.
    @Test func aSnapIsNamedAsThePortalNamesIt() throws {
        #expect(
            try AppIdentity.resolve(
                environment: [:], bundleIdentifier: "com.example.App", executableName: "x", snap: "snap.tea-timer"
            ).get() == "snap.tea-timer")
        #expect(
            try AppIdentity.resolve(
                environment: ["UNOTIFY_APP_ID": "org.example.Env"], bundleIdentifier: nil, executableName: "x",
                snap: "snap.tea-timer"
            ).get() == "org.example.Env")
    }

    @Test func bundleIdentifierWhenValid() throws {
        #expect(
            try AppIdentity.resolve(environment: [:], bundleIdentifier: "com.example.App", executableName: "x").get()
                == "com.example.App")
        #expect(
            try AppIdentity.resolve(environment: [:], bundleIdentifier: "nodots", executableName: "x").get()
                == "local.x")
    }

    @Test func executableNameAsLocalIdentifier() throws {
        let table: [(String, String)] = [
            ("todo", "local.todo"), ("/usr/bin/my app!", "local.my-app"), ("--", "local.app"),
            ("Weather_2", "local.Weather_2"), ("café", "local.caf"),
        ]
        for (name, expected) in table {
            let identifier = try AppIdentity.resolve(environment: [:], bundleIdentifier: nil, executableName: name)
                .get()
            #expect(identifier == expected, "\(name)")
            #expect(AppIdentity.isValid(identifier))
        }
    }

    @Test func validity() {
        let valid = ["com.example.App", "org.kde.konsole", "local.x", "a.b", "com.1password.app", "io.my-app.x_y"]
        let invalid = [
            "", "single", ".leading", "trailing.", "a..b", "has space.x", "ünï.code", "a/b.c",
            String(repeating: "a", count: 250) + ".bbbbbb",
        ]
        for identifier in valid { #expect(AppIdentity.isValid(identifier), "\(identifier)") }
        for identifier in invalid { #expect(!AppIdentity.isValid(identifier), "\(identifier)") }
    }

    @Test func currentProcessResolvesToAValidIdentifier() throws {
        let identifier = try AppIdentity.resolve(environment: [:]).get()
        #expect(AppIdentity.isValid(identifier))
    }
}
