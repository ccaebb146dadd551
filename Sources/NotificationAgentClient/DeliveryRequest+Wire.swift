import DBus

/// `DeliveryRequest` as the `a{sv}` argument of the agent's `Add` method.
extension DeliveryRequest {
    package var wire: [String: DBusVariant] {
        var result: [String: DBusVariant] = [
            "identifier": DBusVariant(identifier), "title": DBusVariant(title), "subtitle": DBusVariant(subtitle),
            "body": DBusVariant(body), "category": DBusVariant(categoryIdentifier),
            "thread": DBusVariant(threadIdentifier),
            "interruption-level": DBusVariant(Int32(interruptionLevel.rawValue)),
        ]
        if let badge { result["badge"] = DBusVariant(Int64(badge)) }
        if let imagePath { result["image-path"] = DBusVariant(imagePath) }
        if let progress { result["progress"] = DBusVariant(Int32(clamping: progress)) }
        if let userInfoJSON { result["user-info"] = DBusVariant(userInfoJSON) }
        if isPush { result["push"] = DBusVariant(true) }
        if let appIcon { result["app-icon"] = DBusVariant(appIcon) }
        if let expireTimeout { result["expire-timeout"] = DBusVariant(expireTimeout) }
        if isTransient { result["transient"] = DBusVariant(true) }
        if !hints.isEmpty { result["hints"] = DBusVariant(hints.dbusValue) }
        switch sound {
        case .default?: result["sound"] = DBusVariant("default")
        case .named(let name)?: result["sound"] = DBusVariant(name)
        case .critical(let name, let volume)?:
            result["sound-critical"] = DBusVariant(name ?? "default")
            result["sound-volume"] = DBusVariant(volume)
        case nil: break
        }
        return result
    }

    /// Reads the wire form; unknown keys are ignored, wrong types are an error naming the key,
    /// and a field over its limit (``Limits``) is an `invalidArgument` ``AgentError``.
    package init(wire: [String: DBusVariant]) throws {
        func string(_ key: String) throws -> String {
            guard let variant = wire[key] else { return "" }
            guard case .string(let text) = variant.value else {
                throw DBusError(.unexpectedType, "request field \(AgentError.quote(key)) must be a string")
            }
            return text
        }
        let identifier = try string("identifier")
        guard !identifier.isEmpty else { throw DBusError(.unexpectedType, "request field 'identifier' is missing") }
        self.init(
            identifier: identifier, title: try string("title"), subtitle: try string("subtitle"),
            body: try string("body"), categoryIdentifier: try string("category"),
            threadIdentifier: try string("thread"))
        if case .int32(let level)? = wire["interruption-level"]?.value {
            interruptionLevel = InterruptionLevel(rawValue: Int(level)) ?? .active
        }
        if case .int64(let count)? = wire["badge"]?.value { badge = Int(count) }
        if case .string(let path)? = wire["image-path"]?.value { imagePath = path }
        if case .int32(let value)? = wire["progress"]?.value { progress = Int(value) }
        if case .string(let json)? = wire["user-info"]?.value { userInfoJSON = json }
        if case .boolean(let push)? = wire["push"]?.value { isPush = push }
        if case .string(let icon)? = wire["app-icon"]?.value { appIcon = icon }
        if case .int32(let milliseconds)? = wire["expire-timeout"]?.value, milliseconds >= 0 {
            expireTimeout = milliseconds
        }
        if case .boolean(let transient)? = wire["transient"]?.value { isTransient = transient }
        if let given = wire["hints"] {
            // try?: thrown as a clear DBusError just below
            guard let decoded = try? [String: DBusVariant](dbusValue: given.value) else {
                throw DBusError(.unexpectedType, "request field 'hints' must be a dictionary a{sv}")
            }
            hints = decoded
        }
        if case .string(let name)? = wire["sound-critical"]?.value {
            var volume = 1.0
            if case .double(let value)? = wire["sound-volume"]?.value { volume = value }
            guard volume.isFinite, (0...1).contains(volume) else {
                throw AgentError(.invalidArgument, "request field 'sound-volume' is \(volume): it must be from 0 to 1")
            }
            sound = .critical(name: name == "default" ? nil : name, volume: volume)
        } else if case .string(let name)? = wire["sound"]?.value {
            sound = name == "default" ? .default : .named(name)
        }
        try checkLimits()
    }
}
