import DBus
import FreedesktopNotifications
import Foundation
import NotificationAgentClient
@testable import UserNotifications
@testable import NotificationAgent

// Writes the seed corpora that real code produces (`scripts/fuzz --seeds`): D-Bus messages
// as the agent's client and a notification server send them (marshalled by libdbus), and the
// stores' files as the stores write them. Argument: the corpus root, `fuzz/corpus`.
//
// It is built like the fuzz targets (libFuzzer's `main`), so it does its work in libFuzzer's
// initialization hook and exits there.
@_cdecl("LLVMFuzzerInitialize")
public func writeSeeds(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    do {
        try FuzzSeeds.writeAll(root: URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "fuzz/corpus"))
    } catch {
        fatalError("cannot write the seeds: \(error)")
    }
    exit(0)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNothing(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt { 0 }

enum FuzzSeeds {
    static func writeAll(root: URL) throws {

        func write(_ target: String, _ name: String, _ bytes: [UInt8]) throws {
            let directory = root.appendingPathComponent(target)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(bytes).write(to: directory.appendingPathComponent(name))
        }

        func agentCall(_ member: MemberName, _ body: [DBusValue]) throws -> [UInt8] {
            try DBusMessage.methodCall(
                destination: AgentInterface.busName, path: AgentInterface.path,
                interface: AgentInterface.interface, member: member, body: body
            ).marshalled()
        }

        let app = "org.example.app"
        var request = DeliveryRequest(
            identifier: "meeting", title: "Meeting", subtitle: "Room 4", body: "in 5 minutes",
            sound: .critical(name: "bell", volume: 0.5), badge: 3, categoryIdentifier: "invite",
            threadIdentifier: "work", interruptionLevel: .timeSensitive, imagePath: "/tmp/a.png")
        request.progress = 40
        request.userInfoJSON = #"{"id":7}"#
        let interval = TriggerRecord.timeInterval(seconds: 90, repeats: true)
        let calendar = TriggerRecord.calendar(
            .init(month: 2, day: 29, hour: 8, minute: 30, weekday: 2, timeZone: "Asia/Tokyo"),
            repeats: false)
        var settings = AppSettings()
        settings.authorization = .authorized
        settings.alert = .enabled
        settings.alertStyle = .alert
        settings.requestedOptions = AuthorizationOptionBits(rawValue: 7)

        // The agent's methods, as AgentClient calls them.
        var added = request.wire
        try write("fuzz-agent-arguments", "add-now", try agentCall("Add", [.string(app), added.dbusValue]))
        added["trigger"] = DBusVariant(interval.wire.dbusValue)
        try write("fuzz-agent-arguments", "add-interval", try agentCall("Add", [.string(app), added.dbusValue]))
        added["trigger"] = DBusVariant(calendar.wire.dbusValue)
        try write("fuzz-agent-arguments", "add-calendar", try agentCall("Add", [.string(app), added.dbusValue]))
        try write(
            "fuzz-agent-arguments", "set-settings",
            try agentCall("SetSettings", [.string(app), settings.wire.dbusValue]))
        try write(
            "fuzz-agent-arguments", "request-authorization",
            try agentCall("RequestAuthorization", [.string(app), .uint64(7)]))
        try write(
            "fuzz-agent-arguments", "remove-pending",
            try agentCall("RemovePending", [.string(app), ["a", "b"].dbusValue]))

        // A client's Notify call and a server's replies and signals.
        var hints = NotificationHints()
        hints.urgency = .critical
        hints.category = "im.received"
        hints.desktopEntry = "org.example.app"
        hints.imageData = ImageData(
            width: 2, height: 1, rowStride: 8, hasAlpha: true, channels: 4, pixels: Array(0..<8))
        hints.vendor["x-vendor"] = DBusVariant(
            .dictionary(
                key: .string, value: .variant,
                [
                    DBusDictionaryEntry(
                        key: .string("nested"), value: .variant(.array(element: .int64, [.int64(-1), .int64(2)])))
                ]))
        let notify = NotifyRequest(
            appName: "demo", appIcon: "dialog-information", summary: "Hello", body: "<b>world</b>",
            actions: [NotificationAction(key: "default", label: "Open")], hints: hints,
            expireTimeout: .serverDefault)
        var call = DBusMessage.methodCall(
            destination: NotificationsService.busName, path: NotificationsService.path,
            interface: NotificationsService.interface, member: "Notify", body: notify.arguments)
        call.serial = 7
        try write("fuzz-dbus-message", "notify-call", try call.marshalled())
        try write("fuzz-dbus-message", "notify-reply", try call.methodReturn(body: [.uint32(42)]).marshalled())
        try write(
            "fuzz-dbus-message", "server-information",
            try call.methodReturn(body: [.string("dunst"), .string("knopwob"), .string("1.9"), .string("1.2")])
                .marshalled())
        try write(
            "fuzz-dbus-message", "capabilities",
            try call.methodReturn(body: [["body", "actions", "icon-static"].dbusValue]).marshalled())
        try write(
            "fuzz-dbus-message", "error",
            try call.errorReply(
                name: "org.freedesktop.DBus.Error.Failed",
                message: "no"
            ).marshalled())
        try write(
            "fuzz-dbus-message", "action-invoked",
            try ServerEvent.actionInvoked(ServerNotificationID(rawValue: 42), actionKey: "default").signal.marshalled())
        try write(
            "fuzz-dbus-message", "closed",
            try ServerEvent.closed(ServerNotificationID(rawValue: 42), CloseReason(wireValue: 2)).signal.marshalled())

        // The stores' files, as the stores write them.
        let categories = [
            CategoryRecord(
                identifier: "invite",
                actions: [
                    CategoryRecord.Action(identifier: "accept", title: "Accept", options: ["foreground"]),
                    CategoryRecord.Action(
                        identifier: "reply", title: "Reply",
                        textInput: .init(buttonTitle: "Send", placeholder: "Message")),
                ], options: ["customDismissAction"])
        ]
        try StoreSeeds(root: root, app: app).writeAll(
            settings: settings, request: request, triggers: [interval, calendar], categories: categories)
        try write("fuzz-categories-json", "invite", Array(try JSONEncoder().encode(categories)))
        print("seeds written under \(root.path)")
    }
}
