import UserNotificationsCore
import Foundation
import NotificationAgentClient

/// An APNs JSON payload, as `xcrun simctl push` takes it, read into the agent's vocabulary.
///
/// Read from `aps`: `alert` (a string, the body, or a dictionary with `title`, `subtitle`,
/// `body`, `title-loc-key`/`title-loc-args`, `subtitle-loc-key`/`subtitle-loc-args`,
/// `loc-key`/`loc-args`), `badge`, `sound` (a name, `"default"`, or `{"critical", "name",
/// "volume"}`), `thread-id`, `category`, `target-content-id`, `interruption-level`,
/// `relevance-score`, `content-available`. The top-level "Simulator Target Bundle" names the app. Other top-level
/// keys are the app's custom data (`userInfo`): they are read and kept by name, but not
/// delivered, as the agent's requests carry no user info. Unknown keys inside `aps` are ignored.
package struct APNsPayload: Sendable, Equatable {
    package var title: APNsAlertText?
    package var subtitle: APNsAlertText?
    package var body: APNsAlertText?
    package var badge: Int?
    package var sound: DeliveryRequest.Sound?
    package var threadIdentifier = ""
    package var categoryIdentifier = ""
    package var targetContentIdentifier: String?
    package var interruptionLevel: DeliveryRequest.InterruptionLevel = .active
    package var relevanceScore: Double?
    /// `aps.content-available` is 1: a silent push, for the running app rather than the user.
    package var contentAvailable = false
    /// The app named by a simctl `.apns` file's "Simulator Target Bundle".
    package var targetBundle: String?
    /// The names of the custom top-level keys (the app's `userInfo`), sorted.
    package var customKeys: [String] = []
    /// The custom top-level keys and their values, as JSON text (the notification's `userInfo`).
    package var customJSON: String?

    /// APNs' limit on a payload's size, in bytes: the agent refuses a larger one.
    package static let maximumBytes = 4_096

    /// Reads `data`; a malformed payload is an ``AgentError`` (`.invalidArgument`) saying what
    /// is wrong and where.
    package init(json data: Data) throws {
        guard data.count <= Self.maximumBytes else {
            throw Self.invalid("the payload is \(data.count) bytes; APNs allows at most \(Self.maximumBytes) bytes")
        }
        let object: Any
        do {
            object = try ExactJSON.object(with: data)
        } catch {
            throw Self.invalid("the payload is not valid JSON (\(error.localizedDescription))")
        }
        guard let root = object as? [String: Any] else { throw Self.invalid("the payload must be a JSON object") }
        guard let apsValue = root["aps"] else { throw Self.invalid("the payload has no \"aps\" dictionary") }
        guard let aps = apsValue as? [String: Any] else { throw Self.invalid("\"aps\" must be a dictionary") }
        targetBundle = try Self.string(root, "Simulator Target Bundle", in: "the payload")
        customKeys = root.keys.filter { $0 != "aps" && $0 != "Simulator Target Bundle" }.sorted()
        let custom = root.filter { customKeys.contains($0.key) }
        // try?: the custom keys came from a JSON object, so they serialize; if not, they are left out of userInfo
        if !custom.isEmpty, let data = try? JSONSerialization.data(withJSONObject: custom, options: [.sortedKeys]) {
            customJSON = String(decoding: data, as: UTF8.self)
        }
        try readAlert(aps["alert"])
        if let badge = aps["badge"] {
            guard let number = badge as? NSNumber, !Self.isBool(number), let value = Int(exactly: number.doubleValue)
            else { throw Self.invalid("aps.badge must be a whole number") }
            self.badge = value
        }
        if let sound = aps["sound"] { self.sound = try Self.sound(sound) }
        threadIdentifier = try Self.string(aps, "thread-id", in: "aps") ?? ""
        categoryIdentifier = try Self.string(aps, "category", in: "aps") ?? ""
        targetContentIdentifier = try Self.string(aps, "target-content-id", in: "aps")
        if let level = try Self.string(aps, "interruption-level", in: "aps") {
            let levels: [String: DeliveryRequest.InterruptionLevel] = [
                "passive": .passive, "active": .active, "time-sensitive": .timeSensitive, "critical": .critical,
            ]
            guard let value = levels[level] else {
                throw Self.invalid(
                    "aps.interruption-level must be passive, active, time-sensitive or critical, not \"\(level)\"")
            }
            interruptionLevel = value
        }
        if let flag = aps["content-available"] {
            guard let number = flag as? NSNumber else { throw Self.invalid("aps.content-available must be 0 or 1") }
            contentAvailable = number.intValue == 1
        }
        if let score = aps["relevance-score"] {
            guard let number = score as? NSNumber, !Self.isBool(number) else {
                throw Self.invalid("aps.relevance-score must be a number")
            }
            relevanceScore = number.doubleValue
        }
    }

    /// The request to deliver, its loc keys resolved in `strings`.
    package func deliveryRequest(identifier: String, strings: AppStringsTable) -> DeliveryRequest {
        var request = DeliveryRequest(
            identifier: identifier, title: title?.resolved(in: strings) ?? "",
            subtitle: subtitle?.resolved(in: strings) ?? "", body: body?.resolved(in: strings) ?? "", sound: sound,
            badge: badge, categoryIdentifier: categoryIdentifier, threadIdentifier: threadIdentifier,
            interruptionLevel: interruptionLevel)
        request.userInfoJSON = customJSON
        request.isPush = true
        return request
    }

    /// A fresh identifier for a pushed notification: `push-` and 16 hex digits.
    package static func generatedIdentifier() -> String {
        let hex = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return "push-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    private mutating func readAlert(_ alert: Any?) throws {
        guard let alert else { return }
        if let text = alert as? String {
            body = .literal(text)
            return
        }
        guard let dictionary = alert as? [String: Any] else {
            throw Self.invalid("aps.alert must be a string or a dictionary")
        }
        title = try Self.text(dictionary, literal: "title", key: "title-loc-key", arguments: "title-loc-args")
        subtitle = try Self.text(
            dictionary, literal: "subtitle", key: "subtitle-loc-key", arguments: "subtitle-loc-args")
        body = try Self.text(dictionary, literal: "body", key: "loc-key", arguments: "loc-args")
    }

    private static func text(_ alert: [String: Any], literal: String, key: String, arguments: String) throws
        -> APNsAlertText?
    {
        let plain = try string(alert, literal, in: "aps.alert")
        var values: [String] = []
        if let raw = alert[arguments] {
            guard let array = raw as? [Any] else { throw invalid("aps.alert.\(arguments) must be an array of strings") }
            values = try array.enumerated().map { index, element in
                if let text = element as? String { return text }
                if let number = element as? NSNumber, !isBool(number) { return number.stringValue }
                throw invalid("aps.alert.\(arguments)[\(index)] must be a string")
            }
        }
        if let locKey = try string(alert, key, in: "aps.alert") { return .localized(key: locKey, arguments: values) }
        return plain.map { .literal($0) }
    }

    private static func sound(_ value: Any) throws -> DeliveryRequest.Sound {
        if let name = value as? String { return name == "default" ? .default : .named(name) }
        guard let dictionary = value as? [String: Any] else {
            throw invalid("aps.sound must be a string or a dictionary")
        }
        let name = try string(dictionary, "name", in: "aps.sound")
        var critical = false
        if let flag = dictionary["critical"] {
            guard let number = flag as? NSNumber else { throw invalid("aps.sound.critical must be 0 or 1") }
            critical = number.intValue != 0
        }
        var volume = 1.0
        if let raw = dictionary["volume"] {
            guard let number = raw as? NSNumber, !isBool(number), (0...1).contains(number.doubleValue) else {
                throw invalid("aps.sound.volume must be a number from 0 to 1")
            }
            volume = number.doubleValue
        }
        if critical { return .critical(name: name == "default" ? nil : name, volume: volume) }
        guard let name, name != "default" else { return .default }
        return .named(name)
    }

    private static func string(_ dictionary: [String: Any], _ key: String, in place: String) throws -> String? {
        guard let value = dictionary[key] else { return nil }
        guard let text = value as? String else {
            throw invalid(place == "the payload" ? "\"\(key)\" must be a string" : "\(place).\(key) must be a string")
        }
        return text
    }

    /// Whether JSON gave `true`/`false` (an `NSNumber` of type `char`) rather than a number.
    private static func isBool(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    private static func invalid(_ message: String) -> AgentError {
        AgentError(.invalidArgument, "invalid push payload: \(message)")
    }
}
