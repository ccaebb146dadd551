import DBus

extension NotificationHints {
    /// The hints as the `a{sv}` argument of `Notify`.
    public var wire: [String: DBusVariant] {
        var result = vendor
        func put(_ key: String, _ value: (some DBusRepresentable)?) {
            if let value { result[key] = DBusVariant(value) }
        }
        put("urgency", urgency?.rawValue)
        put("category", category)
        put("desktop-entry", desktopEntry)
        put("image-data", imageData)
        put("image-path", imagePath)
        put("sound-file", soundFile)
        put("sound-name", soundName)
        put("suppress-sound", suppressSound)
        put("transient", isTransient)
        put("resident", isResident)
        put("action-icons", actionIcons)
        put("x", x)
        put("y", y)
        put("sender-pid", senderPID)
        return result
    }

    /// Reads hints as servers do: standard keys under their legacy spellings too, booleans also
    /// as integers; anything else, or a standard key with an unusable type, is kept in ``vendor``.
    public init(wire: [String: DBusVariant]) {
        self.init()
        for (key, variant) in wire { set(key, variant.value) }
    }

    /// Sets one hint: a standard key with a usable type goes to its typed property, anything
    /// else to ``vendor`` exactly as given.
    public mutating func set(_ key: String, _ value: DBusValue) {
        clear(key)
        let value = value.unwrappingVariant
        if !setStandard(key, value) { vendor[key] = DBusVariant(value) }
    }

    private mutating func setStandard(_ key: String, _ value: DBusValue) -> Bool {
        switch key {
        case "urgency":
            guard let level = Self.integer(value).flatMap({ UInt8(exactly: $0) }).flatMap(Urgency.init(rawValue:))
            else { return false }
            urgency = level
        case "category": return assign(&category, value)
        case "desktop-entry": return assign(&desktopEntry, value)
        case "image-path", "image_path": return assign(&imagePath, value)
        case "sound-file": return assign(&soundFile, value)
        case "sound-name": return assign(&soundName, value)
        case "image-data", "image_data", "icon_data":
            // try?: malformed image data is an unknown hint, kept as given (return false)
            guard let image = try? ImageData(dbusValue: value) else { return false }
            imageData = image
        case "suppress-sound": return assignBool(&suppressSound, value)
        case "transient": return assignBool(&isTransient, value)
        case "resident": return assignBool(&isResident, value)
        case "action-icons": return assignBool(&actionIcons, value)
        case "x": return assignInt32(&x, value)
        case "y": return assignInt32(&y, value)
        case "sender-pid":
            guard let pid = Self.integer(value) else { return false }
            senderPID = pid
        default: return false
        }
        return true
    }

    private mutating func clear(_ key: String) {
        vendor[key] = nil
        switch key {
        case "urgency": urgency = nil
        case "category": category = nil
        case "desktop-entry": desktopEntry = nil
        case "image-path", "image_path": imagePath = nil
        case "image-data", "image_data", "icon_data": imageData = nil
        case "sound-file": soundFile = nil
        case "sound-name": soundName = nil
        case "suppress-sound": suppressSound = nil
        case "transient": isTransient = nil
        case "resident": isResident = nil
        case "action-icons": actionIcons = nil
        case "x": x = nil
        case "y": y = nil
        case "sender-pid": senderPID = nil
        default: break
        }
    }

    private func assign(_ field: inout String?, _ value: DBusValue) -> Bool {
        guard case .string(let text) = value else { return false }
        field = text
        return true
    }

    private func assignBool(_ field: inout Bool?, _ value: DBusValue) -> Bool {
        if case .boolean(let flag) = value {
            field = flag
        } else if let number = Self.integer(value) {
            field = number != 0
        } else {
            return false
        }
        return true
    }

    private func assignInt32(_ field: inout Int32?, _ value: DBusValue) -> Bool {
        guard let number = Self.integer(value).flatMap({ Int32(exactly: $0) }) else { return false }
        field = number
        return true
    }

    private static func integer(_ value: DBusValue) -> Int64? {
        switch value {
        case .byte(let v): Int64(v)
        case .int16(let v): Int64(v)
        case .uint16(let v): Int64(v)
        case .int32(let v): Int64(v)
        case .uint32(let v): Int64(v)
        case .int64(let v): v
        case .uint64(let v): Int64(exactly: v)
        default: nil
        }
    }
}
