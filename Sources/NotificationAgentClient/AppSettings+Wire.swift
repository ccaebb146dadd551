import DBus

/// `AppSettings` as the agent's `a{sv}`: each field by name, as an `i` of Apple's raw value.
extension AppSettings {
    package var wire: [String: DBusVariant] {
        [
            "authorization": DBusVariant(Int32(authorization.rawValue)),
            "requested-options": DBusVariant(UInt64(requestedOptions.rawValue)),
            "alert": DBusVariant(Int32(alert.rawValue)),
            "sound": DBusVariant(Int32(sound.rawValue)),
            "badge": DBusVariant(Int32(badge.rawValue)),
            "notification-center": DBusVariant(Int32(notificationCenter.rawValue)),
            "lock-screen": DBusVariant(Int32(lockScreen.rawValue)),
            "critical-alert": DBusVariant(Int32(criticalAlert.rawValue)),
            "time-sensitive": DBusVariant(Int32(timeSensitive.rawValue)),
            "alert-style": DBusVariant(Int32(alertStyle.rawValue)),
            "show-previews": DBusVariant(Int32(showPreviews.rawValue)),
        ]
    }

    /// Applies the fields present in `wire` on top of `self`; an unknown key or value is an error.
    package func applying(_ wire: [String: DBusVariant]) throws -> AppSettings {
        var result = self
        for (key, variant) in wire {
            if key == "requested-options" {
                guard case .uint64(let bits) = variant.value else { throw Self.bad(key) }
                result.requestedOptions = AuthorizationOptionBits(rawValue: UInt(bits))
                continue
            }
            guard case .int32(let raw) = variant.value else { throw Self.bad(key) }
            let value = Int(raw)
            switch key {
            case "authorization": result.authorization = try Self.decode(key, value)
            case "alert": result.alert = try Self.decode(key, value)
            case "sound": result.sound = try Self.decode(key, value)
            case "badge": result.badge = try Self.decode(key, value)
            case "notification-center": result.notificationCenter = try Self.decode(key, value)
            case "lock-screen": result.lockScreen = try Self.decode(key, value)
            case "critical-alert": result.criticalAlert = try Self.decode(key, value)
            case "time-sensitive": result.timeSensitive = try Self.decode(key, value)
            case "alert-style": result.alertStyle = try Self.decode(key, value)
            case "show-previews": result.showPreviews = try Self.decode(key, value)
            default:
                throw DBusError(
                    .remote, "unknown setting \(AgentError.quote(key))", name: AgentInterface.invalidArgumentError)
            }
        }
        return result
    }

    private static func decode<T: RawRepresentable>(_ key: String, _ value: Int) throws -> T where T.RawValue == Int {
        guard let decoded = T(rawValue: value) else {
            throw DBusError(
                .remote, "setting \(AgentError.quote(key)) has no value \(value)",
                name: AgentInterface.invalidArgumentError)
        }
        return decoded
    }

    private static func bad(_ key: String) -> DBusError {
        DBusError(
            .remote, "setting \(AgentError.quote(key)) has the wrong type", name: AgentInterface.invalidArgumentError)
    }
}

/// `UNAuthorizationStatus` as an `i` of its raw value, as `RequestAuthorization` answers it.
extension AppSettings.Authorization: DBusRepresentable {
    package static var dbusSignature: DBusSignature { .int32 }
    package var dbusValue: DBusValue { .int32(Int32(rawValue)) }
    package init(dbusValue: DBusValue) throws {
        let raw = try Int32(dbusValue: dbusValue)
        guard let status = Self(rawValue: Int(raw)) else {
            throw DBusError(.unexpectedType, "\(raw) is no authorization status (UNAuthorizationStatus)")
        }
        self = status
    }
}
