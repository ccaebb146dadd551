// An app as its author ships it, with nothing else installed: it asks permission, shows a
// notification with a category action, and waits for the user's answer through its delegate.
// The tests run it where no unotifyd exists (InProcessAgentTests, scripts/test-alone).
//
//     tea-alone            ask, show "Tea / is ready" with a "Drink" button, print the answer
//     tea-alone schedule   ask, schedule "Second cup" in 2 seconds, exit at once
//     tea-alone leave      ask, show "Tea / is ready", exit at once (the answer comes later)
//     tea-alone answers    only wait for the answer to an earlier notification (as an app the
//                          desktop started for a click on one): print it, exit
//     tea-alone message    ask, show "Ana / See you at six?" with the default sound and a
//                          "Reply" text-input action, print the answer (and the typed text)
//     tea-alone stay TAG COUNT DELAY
//                          ask, schedule COUNT notifications "TAG 1" … "TAG COUNT" (identifiers
//                          TAG-1 …) with the "Drink" button, due DELAY, DELAY + 1, … seconds
//                          later, then stay: print every answer ("response: ACTION TAG-N")
//                          until stopped
//
// It prints one line per step: "authorized", "shown", "scheduled", "response: ACTION" (with
// " text: TEXT" for a typed reply), or what failed.
import UserNotifications

final class TeaDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
    /// Each answer as printed after "response: ", with the identifier of the answered request.
    let responses: AsyncStream<(answer: String, identifier: String)>.Continuation

    init(_ responses: AsyncStream<(answer: String, identifier: String)>.Continuation) {
        self.responses = responses
    }

    /// Shown while the app runs, as a banner and in the list (without this, Apple's rule
    /// holds: an app with a delegate shows nothing while it is in the foreground).
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([.banner, .list, .sound])
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        let identifier = response.notification.request.identifier
        if let reply = response as? UNTextInputNotificationResponse {
            responses.yield(("\(response.actionIdentifier) text: \(reply.userText)", identifier))
        } else {
            responses.yield((response.actionIdentifier, identifier))
        }
        completionHandler()
    }
}

/// Writes `line` on standard output at once (`print` holds it back when the output is a pipe).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

@main struct TeaAlone {
    static func main() async throws {
        let center = UNUserNotificationCenter.current()
        let (responses, continuation) = AsyncStream.makeStream(of: (answer: String, identifier: String).self)
        let delegate = TeaDelegate(continuation)
        center.delegate = delegate
        let drink = UNNotificationAction(identifier: "drink", title: "Drink", options: [])
        let reply = UNTextInputNotificationAction(
            identifier: "reply", title: "Reply", options: [], textInputButtonTitle: "Send",
            textInputPlaceholder: "Message")
        center.setNotificationCategories([
            UNNotificationCategory(identifier: "tea", actions: [drink], intentIdentifiers: []),
            UNNotificationCategory(identifier: "chat", actions: [reply], intentIdentifiers: []),
        ])
        let mode = CommandLine.arguments.dropFirst().first
        if mode == "answers" {
            for await (action, _) in responses {
                say("response: \(action)")
                withExtendedLifetime(delegate) {}
                return
            }
        }
        guard try await center.requestAuthorization(options: [.alert, .sound]) else {
            say("not authorized")
            exit(1)
        }
        say("authorized")
        let content = UNMutableNotificationContent()
        content.categoryIdentifier = "tea"
        if mode == "schedule" {
            content.title = "Second cup"
            let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 2, repeats: false)
            try await center.add(UNNotificationRequest(identifier: "second-cup", content: content, trigger: trigger))
            say("scheduled")
            return
        }
        if mode == "stay" {
            try await stay(CommandLine.arguments.dropFirst(2), center: center, responses: responses)
            withExtendedLifetime(delegate) {}
            return
        }
        if mode == "message" {
            content.categoryIdentifier = "chat"
            content.title = "Ana"
            content.body = "See you at six?"
            content.sound = .default
        } else {
            content.title = "Tea"
            content.body = "is ready"
        }
        try await center.add(UNNotificationRequest(identifier: "tea", content: content, trigger: nil))
        say("shown")
        if mode == "leave" { return }
        for await (action, _) in responses {
            say("response: \(action)")
            withExtendedLifetime(delegate) {}
            return
        }
    }

    /// `stay TAG COUNT DELAY`: schedules the notifications, says "scheduled", then prints every
    /// answer with the identifier it answers, for as long as the app runs.
    static func stay(
        _ arguments: ArraySlice<String>, center: UNUserNotificationCenter,
        responses: AsyncStream<(answer: String, identifier: String)>
    ) async throws {
        let arguments = Array(arguments)
        guard arguments.count == 3, let count = Int(arguments[1]), count > 0, let delay = Double(arguments[2]),
            delay > 0
        else {
            say("usage: tea-alone stay TAG COUNT DELAY")
            exit(2)
        }
        let tag = arguments[0]
        for number in 1...count {
            let content = UNMutableNotificationContent()
            content.categoryIdentifier = "tea"
            content.title = "\(tag) \(number)"
            let trigger = UNTimeIntervalNotificationTrigger(timeInterval: delay + Double(number - 1), repeats: false)
            try await center.add(
                UNNotificationRequest(identifier: "\(tag)-\(number)", content: content, trigger: trigger))
        }
        say("scheduled")
        for await (action, identifier) in responses {
            say("response: \(action) \(identifier)")
        }
    }
}
