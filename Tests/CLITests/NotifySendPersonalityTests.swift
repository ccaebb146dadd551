import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// unotify started as `notify-send`: notify-send's app name, help, version and exit status, of
/// 0.8.1 and of 0.8.9 (each compared with the real one), where `unotify send` keeps its own.
@Suite(.timeLimit(.minutes(2))) struct NotifySendPersonalityTests {
    @Test func theAppNameIsNotifySendThereAndUnotifyInSend() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let pair = try NotifySendPair()
        #expect(try await pair.run("notify-send Hello", with: .unotify, busAddress: bus.address).status == 0)
        #expect(try await fake.nextCall().request.appName == "notify-send")
        #expect(try await UNotifyProcess.run(["send", "Hello"], busAddress: bus.address).status == 0)
        #expect(try await fake.nextCall().request.appName == "unotify")
        // -a still names the app, and `send` is a summary there, not a subcommand.
        #expect(
            try await pair.run("notify-send -a mako-rule send", with: .unotify, busAddress: bus.address).status == 0)
        let named = try await fake.nextCall().request
        #expect(named.appName == "mako-rule")
        #expect(named.summary == "send")
    }

    @Test(
        arguments: ["notify-send --version", "notify-send -v", "notify-send -v Summary", "notify-send '' --version"],
        NotifySendPair.Release.allCases)
    func versionIsNotifySends(_ commandLine: String, _ release: NotifySendPair.Release) async throws {
        let pair = try NotifySendPair(release: release)
        let real = try await pair.run(commandLine, with: .real, busAddress: nil)
        let ours = try await pair.run(commandLine, with: .unotify, busAddress: nil)
        #expect(real.stdout == "notify-send \(release.rawValue)\n")
        #expect(ours.stdout == real.stdout)
        #expect(ours.status == 0)
        #expect(real.status == 0)
    }

    /// Without `UNOTIFY_NOTIFY_SEND_VERSION` the newest release, 0.8.9; with it, the one named.
    @Test func versionNamesTheProgramAsItWasStartedAndTheRelease() async throws {
        let pair = try NotifySendPair()
        let link = pair.link(to: .unotify)
        var environment = ProcessInfo.processInfo.environment
        environment["UNOTIFY_NOTIFY_SEND_VERSION"] = nil
        let newest = try ChildProcess(link, ["--version"], environment: environment)
        #expect(try await newest.wait(timeout: 10) == 0)
        #expect(newest.standardOutput == "\(link) 0.8.9\n")
        environment["UNOTIFY_NOTIFY_SEND_VERSION"] = "0.8.1"
        let named = try ChildProcess(link, ["--version"], environment: environment)
        #expect(try await named.wait(timeout: 10) == 0)
        #expect(named.standardOutput == "\(link) 0.8.1\n")
        #expect(try await UNotifyProcess.run(["send", "--version"], busAddress: nil).stdout == "unotify 0.2.0\n")
    }

    @Test(
        arguments: ["notify-send --help", "notify-send -?", "notify-send Summary --help --bogus"],
        NotifySendPair.Release.allCases)
    func helpIsNotifySendsThenTheAddedOptions(_ commandLine: String, _ release: NotifySendPair.Release) async throws {
        let pair = try NotifySendPair(release: release)
        let real = try await pair.run(commandLine, with: .real, busAddress: nil)
        let ours = try await pair.run(commandLine, with: .unotify, busAddress: nil)
        #expect(real.status == 0)
        #expect(ours.status == 0)
        #expect(real.stdout.hasPrefix("Usage:\n  notify-send [OPTION…] <SUMMARY> [BODY] - create a notification\n"))
        // Line for line notify-send's, then unotify's own options after it.
        #expect(ours.stdout.hasPrefix(real.stdout), "ours:\n\(ours.stdout)\nnotify-send's:\n\(real.stdout)")
        let added = ours.stdout.dropFirst(real.stdout.count)
        #expect(added.hasPrefix("unotify Options:\n"))
        for option in ["--app=ID", "--image=PATH", "--progress=N", "--in=DURATION", "--sound=NAME"] {
            #expect(added.contains("  \(option) "), "\(option) missing from the added options")
        }
    }

    @Test(arguments: NotifySendPair.Release.allCases)
    func noServerIsExitOneWithNotifySendsMessageAndUnotifySendKeepsTwo(_ release: NotifySendPair.Release)
        async throws
    {
        let bus = try PrivateBus()
        let pair = try NotifySendPair(release: release)
        let prefix = release == .v0_8_9 ? "Failed to show notification: " : ""
        for commandLine in ["notify-send Hello", "notify-send -p -u low Hello Body"] {
            let real = try await pair.run(commandLine, with: .real, busAddress: bus.address)
            let ours = try await pair.run(commandLine, with: .unotify, busAddress: bus.address)
            #expect(real.status == 1)
            #expect(
                real.stderr
                    == prefix + "GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name "
                    + "org.freedesktop.Notifications was not provided by any .service files\n")
            #expect(ours.status == real.status, "\(commandLine)")
            #expect(ours.stderr == real.stderr, "\(commandLine)")
            // With -p notify-send still prints an id: 0, none was given.
            #expect(ours.stdout == real.stdout, "\(commandLine)")
        }
        let send = try await UNotifyProcess.run(["send", "Hello"], busAddress: bus.address)
        #expect(send.status == 2)
        #expect(send.stderr.hasPrefix("unotify: no notification server is running"))
    }

    @Test(
        arguments: [
            // A bus address whose socket does not exist.
            ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/unotify-test-bus", "DISPLAY": nil],
            // No address at all, and nowhere to find or start a bus.
            ["XDG_RUNTIME_DIR": "/nonexistent", "DISPLAY": nil],
        ] as [[String: String?]], NotifySendPair.Release.allCases)
    func noBusIsExitOneWithOneLineAndUnotifySendKeepsTwo(
        _ environment: [String: String?], _ release: NotifySendPair.Release
    ) async throws {
        let pair = try NotifySendPair(release: release)
        let real = try await pair.run("notify-send -p Hello", with: .real, busAddress: nil, environment: environment)
        let ours = try await pair.run("notify-send -p Hello", with: .unotify, busAddress: nil, environment: environment)
        #expect(real.status == 1)
        #expect(ours.status == 1)
        #expect(ours.stdout == real.stdout)
        #expect(ours.stdout == "0\n")
        // One line saying why, as notify-send's, without unotify's prefix (the wording is the D-Bus
        // library's, which differs between the two).
        #expect(ours.stderr.split(separator: "\n").count == 1, "stderr: \(ours.stderr)")
        #expect(!ours.stderr.hasPrefix("unotify:"))
        let send = try await pair.run("unotify send Hello", with: .unotify, busAddress: nil, environment: environment)
        #expect(send.status == 2)
        #expect(send.stderr.hasPrefix("unotify: "))
    }
}
