import FreedesktopNotifications
import Testing
@testable import DBus
@testable import NotificationAgentClient

/// Each method's and signal's codec (`AgentCall`, `AgentEvent`): what it writes has the
/// signature the interface declares (and introspection lists), it reads back what it wrote,
/// and it refuses a body of other types.
@Suite struct AgentCallCodecTests {
    static let request: DeliveryRequest = {
        var request = DeliveryRequest(identifier: "tea", title: "Tea", body: "is ready", sound: .default, badge: 2)
        request.hints = ["x-vendor": DBusVariant(Int32(1))]
        return request
    }()
    static let trigger = TriggerRecord.calendar(.init(hour: 8, minute: 30, timeZone: "Europe/Paris"), repeats: true)
    static let response = ResponseRecord(
        app: "org.example.Tea", request: request, deliveredAt: 1_700_000_000, actionIdentifier: "drink",
        userText: "now", activationToken: "token")
    static let settings: AppSettings = {
        var settings = AppSettings()
        settings.authorization = .authorized
        settings.requestedOptions = [.alert, .sound]
        settings.alert = .enabled
        return settings
    }()

    /// Encodes `value` with `body` and checks that it has the `declared` signature (every element
    /// of every container too, as the message writer checks before libdbus sees it) and that
    /// decoding gives back what was encoded.
    static func roundTrip<Value>(
        _ body: AgentBody<Value>, _ value: Value, declared: String, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let encoded = body.encode(value)
        try MessageBodyWriter.check(body: encoded)
        #expect(
            DBusMessage(kind: .signal, body: encoded).bodySignature == declared, "\(what)",
            sourceLocation: sourceLocation)
        #expect(body.encode(try body.decode(encoded)) == encoded, "\(what)", sourceLocation: sourceLocation)
    }

    /// Round-trips `arguments` and `reply` through `call` against the method's description;
    /// answers the method.
    static func roundTrip<Arguments, Reply>(
        _ call: AgentCall<Arguments, Reply>, _ arguments: Arguments, _ reply: Reply,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> AgentMethod {
        let description = call.method.description
        try roundTrip(
            call.arguments, arguments, declared: description.argumentSignature, "\(call.method.rawValue) arguments",
            sourceLocation: sourceLocation)
        try roundTrip(
            call.reply, reply, declared: description.replySignature, "\(call.method.rawValue) reply",
            sourceLocation: sourceLocation)
        return call.method
    }

    @Test func everyMethodRoundTripsInItsDeclaredSignature() throws {
        let app = "org.example.Tea"
        let delivered = try DeliveredRecord(
            dbusValue: .structure([.uint32(7), .double(1_700_000_000), Self.request.dbusValue]))
        let pending = PendingRecord(request: Self.request, trigger: Self.trigger, nextFireDate: 1_700_000_060)
        let covered: [AgentMethod] = [
            try Self.roundTrip(
                AgentInterface.requestAuthorization, (app, [.alert, .badge]), (false, true, .provisional)),
            try Self.roundTrip(AgentInterface.getSettings, app, Self.settings),
            try Self.roundTrip(AgentInterface.setSettings, (app, ["alert": DBusVariant(Int32(1))]), Self.settings),
            try Self.roundTrip(AgentInterface.resetSettings, app, ()),
            try Self.roundTrip(AgentInterface.listApps, (), [app: Self.settings, "org.example.Coffee": AppSettings()]),
            try Self.roundTrip(AgentInterface.add, (app, RequestRecord(Self.request, trigger: Self.trigger)), 0),
            try Self.roundTrip(AgentInterface.add, (app, RequestRecord(Self.request)), 42),
            try Self.roundTrip(AgentInterface.push, ("", #"{"aps":{"alert":"Tea"}}"#), (app, 42)),
            try Self.roundTrip(AgentInterface.registerPush, app, #"{"endpoint":"http://127.0.0.1/up/x"}"#),
            try Self.roundTrip(
                AgentInterface.registerPushWithServerKey, (app, String(repeating: "B", count: 87)),
                #"{"endpoint":"http://127.0.0.1/up/y"}"#),
            try Self.roundTrip(AgentInterface.unregisterPush, app, true),
            try Self.roundTrip(AgentInterface.pushStatus, (), ("org.unifiedpush.Distributor.kde", ["delivered": 3])),
            try Self.roundTrip(AgentInterface.pushServers, (), ["https://ntfy.example.org"]),
            try Self.roundTrip(AgentInterface.getVersion, (), "0.2.0"),
            try Self.roundTrip(AgentInterface.listPending, app, [pending, pending]),
            try Self.roundTrip(AgentInterface.removePending, (app, ["tea"]), 1),
            try Self.roundTrip(AgentInterface.listDelivered, app, [delivered]),
            try Self.roundTrip(AgentInterface.removeDelivered, (app, []), 0),
            try Self.roundTrip(AgentInterface.setBadge, (app, 3), true),
            try Self.roundTrip(AgentInterface.setCategories, (app, "[]"), ()),
            try Self.roundTrip(AgentInterface.getCategories, app, "[]"),
            try Self.roundTrip(AgentInterface.listen, app, [Self.response]),
            try Self.roundTrip(AgentInterface.registerPresenter, app, ()),
            try Self.roundTrip(AgentInterface.reply, ("1234", "on my way"), ()),
            try Self.roundTrip(
                AgentInterface.getDesktop, (), ("on", "GNOME: show-banners", "GNOME Settings › Notifications")),
            try Self.roundTrip(
                AgentInterface.relay,
                NotifyRequest(appName: "Tea Timer", summary: "Tea").arguments.map { DBusVariant($0) },
                UInt32(7)),
        ]
        #expect(Set(covered) == Set(AgentMethod.allCases))
    }

    /// The app's `WillPresent`, which the agent calls and a running app answers.
    @Test func willPresentRoundTripsInItsDeclaredSignature() throws {
        let willPresent = try #require(AgentInterface.appDescription.methods.first)
        try Self.roundTrip(
            AgentInterface.willPresentArguments, ("org.example.Tea", Self.request),
            declared: willPresent.argumentSignature, "WillPresent arguments")
        try Self.roundTrip(
            AgentInterface.willPresentReply, (true, 7), declared: willPresent.replySignature, "WillPresent reply")
        #expect(willPresent.argumentSignature == "sa{sv}" && willPresent.replySignature == "bu")
    }

    /// Each method's description is its own `AgentCall`'s (the switch in `AgentMethod` maps
    /// every case to the call of the same name).
    @Test func everyMethodIsDescribedByItsOwnCall() {
        for method in AgentMethod.allCases { #expect(method.description.name == method.name) }
        for signal in AgentSignal.allCases { #expect(signal.description.name == signal.name) }
    }

    @Test func aRequestKeepsItsTriggerAndAnImmediateOneHasNone() throws {
        let scheduled = RequestRecord(Self.request, trigger: Self.trigger)
        #expect(try RequestRecord(dbusValue: scheduled.dbusValue) == scheduled)
        #expect(try RequestRecord(dbusValue: RequestRecord(Self.request).dbusValue).trigger == nil)
        #expect(try DeliveryRequest(dbusValue: scheduled.dbusValue) == Self.request)
    }

    @Test func everySignalRoundTripsInItsDeclaredSignature() throws {
        let decided = AgentInterface.authorizationDecided.message(("org.example.Tea", true, .authorized))
        let failed = AgentInterface.authorizationFailed.message(("org.example.Tea", "the server went away"))
        let response = AgentInterface.response.message(("org.example.Tea", Self.response), to: ":1.42")
        for (message, signal) in [
            (decided, AgentSignal.authorizationDecided), (failed, .authorizationFailed), (response, .response),
        ] {
            #expect(message.bodySignature == signal.description.signature, "\(signal.rawValue)")
            try MessageBodyWriter.check(body: message.body)
            #expect(message.member == signal.name)
        }
        #expect(response.destination == ":1.42")
        let (app, granted, status) = try #require(try AgentInterface.authorizationDecided.decode(decided))
        #expect(app == "org.example.Tea" && granted && status == .authorized)
        #expect(try AgentInterface.authorizationFailed.decode(failed)?.1 == "the server went away")
        #expect(try AgentInterface.response.decode(response)?.1 == Self.response)
    }

    /// A signal's codec reads only its own signal: another member is not it (nil), and its own
    /// member with a body of other types is an error.
    @Test func aSignalIsReadOnlyFromItsOwnMember() throws {
        let failed = AgentInterface.authorizationFailed.message(("org.example.Tea", "gone"))
        #expect(try AgentInterface.authorizationDecided.decode(failed) == nil)
        var forged = failed
        forged.member = AgentSignal.authorizationDecided.name
        #expect(throws: DBusError.self) { try AgentInterface.authorizationDecided.decode(forged) }
    }

    /// A reply of another signature, or of the right one with a value out of range, is refused.
    @Test func aReplyOfOtherTypesIsRefused() {
        #expect(throws: DBusError.self) { try AgentInterface.setBadge.reply.decode([.uint32(1)]) }
        #expect(throws: DBusError.self) { try AgentInterface.setBadge.reply.decode([]) }
        #expect(throws: DBusError.self) { try AgentInterface.setBadge.reply.decode([.boolean(true), .boolean(true)]) }
        #expect(throws: DBusError.self) {
            try AgentInterface.requestAuthorization.reply.decode([.boolean(true), .boolean(true), .int32(99)])
        }
        #expect(throws: DBusError.self) {
            try AgentInterface.listDelivered.reply.decode([.array(element: .string, [])])
        }
        #expect(throws: DBusError.self) {
            // The right signature, but a setting with no such value.
            try AgentInterface.getSettings.reply.decode([
                .dictionary(key: .string, value: .variant, [.init(key: .string("alert"), value: .variant(.int32(9)))])
            ])
        }
    }
}
