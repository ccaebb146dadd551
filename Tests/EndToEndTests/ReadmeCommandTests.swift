import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// Every `unotify` command the README shows, run as written, in the README's order, against
    /// real dunst (each click chosen by dunst itself, from its menu), and checked to do what the
    /// README says it does. A command of a shape this test does not know fails it, so that a new
    /// line in the README comes with its check.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct ReadmeCommandTests {
        @Test func everyUnotifyCommandInTheReadmeDoesWhatItSays() async throws {
            let commands = try ReadmeCommands.load()
            #expect(commands.count >= 5, "the README's commands: \(commands)")
            let session = try await MatrixSession(.dunst)
            var notifyCount = 0
            var listener: (process: ChildProcess, app: String)?
            defer { listener?.process.stop() }
            for command in commands {
                let line = "unotify " + command.joined(separator: " ")
                let app = command.value(after: "--app") ?? (command.first == "settings" ? command[1] : nil)
                switch (command.first, app) {
                case ("send", nil):  // waits for the click and prints the key chosen
                    let key = try #require(command.value(after: "-A")?.split(separator: "=").first.map(String.init))
                    let send = try session.start(command)
                    notifyCount += 1
                    _ = try await session.monitor.waitForNotify(count: notifyCount)
                    try await session.desktop.dunstInvoke(key)
                    #expect(try await send.wait(timeout: 20) == 0, "\(line): \(send.standardError)")
                    #expect(send.standardOutput.split(separator: "\n").last == Substring(key), "\(line)")
                case ("request", let app?):  // the permission prompt; Allow authorizes the app
                    let request = try session.start(command)
                    notifyCount += 1
                    _ = try await session.monitor.waitForNotify(count: notifyCount)
                    try await session.desktop.dunstInvoke("allow")
                    #expect(try await request.wait(timeout: 20) == 0, "\(line): \(request.standardError)")
                    #expect(try await session.status(of: app) == "authorized", "\(line)")
                case ("send", let app?) where command.contains("--in"):  // scheduled by the agent
                    let result = try await session.unotify(command)
                    #expect(result.status == 0, "\(line): \(result.stderr)")
                    let title = try #require(command.last)
                    #expect(try await session.output(["pending", "--app", app]).contains(title), "\(line)")
                case ("settings", let app?) where command.contains("--sound"):
                    let result = try await session.unotify(command)
                    #expect(result.status == 0, "\(line): \(result.stderr)")
                    let sound = try #require(command.value(after: "--sound"))
                    let json = try await session.output(["settings", app, "--json"])
                    #expect(json.contains(#""sound":"\#(sound)""#), "\(line): \(json)")
                case ("listen", let app?):  // checked below, with an answer to hear
                    listener = (try session.start(command), app)
                case ("capture", _):  // the README's Tea app (the tests' tea-alone) with no desktop
                    try await Self.checkCapture(command, folder: session.state.url, line: line)
                default:
                    Issue.record("the README's \(line) has no check here: add one")
                }
            }
            // The listener hears the user's answer to one of the app's notifications.
            let (listen, app) = try #require(listener, "the README shows no `unotify listen`")
            let categories = session.state.url.appendingPathComponent("categories.json")
            try #"[{"identifier": "tea", "actions": [{"identifier": "drink", "title": "Drink"}]}]"#
                .write(to: categories, atomically: true, encoding: .utf8)
            #expect(try await session.unotify(["categories", "--app", app, "--set", categories.path]).status == 0)
            #expect(try await session.unotify(["send", "--app", app, "-c", "tea", "Tea?"]).status == 0)
            notifyCount += 1
            _ = try await session.monitor.waitForNotify(count: notifyCount)
            try await session.desktop.dunstInvoke("drink")
            // (throws unless a line with the answer comes within the deadline)
            _ = try await listen.waitForLine(timeout: 20) { $0.contains(#""action":"drink""#) }
        }
    }
}

extension EndToEndWithoutPixelClicks.ReadmeCommandTests {
    /// Runs the README's `unotify capture … -- .build/debug/Tea` as written, with the tests' build
    /// of the README's Tea app in place of `.build/debug/Tea` and the JSON file in `folder`: Tea
    /// is allowed, shows, and hears *Drink*, with no session bus of its own.
    static func checkCapture(_ command: [String], folder: URL, line: String) async throws {
        var arguments = command
        let tea = try #require(arguments.lastIndex(of: ".build/debug/Tea"), "\(line): names no Tea app")
        arguments[tea] = PackageRoot.binaryDirectory.appendingPathComponent("tea-alone").path
        let output = try #require(arguments.firstIndex(of: "--json").map { $0 + 1 }, "\(line): no --json")
        let json = folder.appendingPathComponent(arguments[output]).path
        arguments[output] = json
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["UNOTIFY_APP_ID"] = "org.example.Tea"
        let capture = try ChildProcess(UNotifyProcess.path, arguments, environment: environment)
        #expect(try await capture.wait(timeout: 90) == 0, "\(line): \(capture.standardError)")
        #expect(
            capture.standardOutput.split(separator: "\n") == ["authorized", "shown", "response: drink"],
            "\(line): \(capture.standardOutput)")
        let lines = try String(contentsOfFile: json, encoding: .utf8)
        #expect(lines.contains(#""kind":"permission-prompt""#) && lines.contains(#""summary":"Tea""#), "\(lines)")
    }
}

extension Array where Element == String {
    /// The word after `option`, if the option is given.
    fileprivate func value(after option: String) -> String? {
        guard let index = firstIndex(of: option), index + 1 < count else { return nil }
        return self[index + 1]
    }
}
