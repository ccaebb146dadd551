import DBus
import FreedesktopNotifications
import Testing

@Suite struct NotificationHintsTests {
    @Test func standardHintsGoOutWithTheirSpecifiedTypes() {
        var hints = NotificationHints()
        hints.urgency = .critical
        hints.category = "im.received"
        hints.desktopEntry = "org.example.App"
        hints.imagePath = "file:///tmp/a.png"
        hints.soundName = "message-new-instant"
        hints.soundFile = "/usr/share/sounds/x.oga"
        hints.suppressSound = true
        hints.isTransient = true
        hints.isResident = false
        hints.actionIcons = true
        hints.x = 10
        hints.y = -5
        hints.senderPID = 42
        hints.vendor["value"] = DBusVariant(Int32(50))
        let wire = hints.wire
        #expect(wire["urgency"] == DBusVariant(.byte(2)))
        #expect(wire["category"] == DBusVariant(.string("im.received")))
        #expect(wire["desktop-entry"] == DBusVariant(.string("org.example.App")))
        #expect(wire["image-path"] == DBusVariant(.string("file:///tmp/a.png")))
        #expect(wire["sound-name"] == DBusVariant(.string("message-new-instant")))
        #expect(wire["sound-file"] == DBusVariant(.string("/usr/share/sounds/x.oga")))
        #expect(wire["suppress-sound"] == DBusVariant(.boolean(true)))
        #expect(wire["transient"] == DBusVariant(.boolean(true)))
        #expect(wire["resident"] == DBusVariant(.boolean(false)))
        #expect(wire["action-icons"] == DBusVariant(.boolean(true)))
        #expect(wire["x"] == DBusVariant(.int32(10)))
        #expect(wire["y"] == DBusVariant(.int32(-5)))
        #expect(wire["sender-pid"] == DBusVariant(.int64(42)))
        #expect(wire["value"] == DBusVariant(.int32(50)))
        #expect(wire.count == 14)
        #expect(NotificationHints(wire: wire) == hints)
    }

    @Test func anImageGoesOutUnderTheSpellingsTheServerDraws() {
        func wire(_ name: String?, _ image: String) -> [String: DBusVariant] {
            let information = name.map { ServerInformation(name: $0, vendor: "v", version: "1", specVersion: "1.2") }
            var hints = NotificationHints()
            hints.setImage(
                image, for: ServerProfile(information: information, capabilities: ServerCapabilities(["body"])))
            return hints.wire
        }
        let uri = DBusVariant(.string("file:///tmp/a.png"))
        #expect(wire("dunst", "/tmp/a.png") == ["image-path": uri, "image_path": uri])
        #expect(wire(nil, "/tmp/a.png") == ["image-path": uri, "image_path": uri])
        // lxqt-notificationd 1.2 draws nothing when it is given image-path as well
        #expect(wire("lxqt-notificationd", "/tmp/a.png") == ["image_path": uri])
        #expect(wire("notify-osd", "/tmp/a.png") == ["image_path": uri])
        #expect(
            wire("dunst", "camera-photo") == [
                "image-path": DBusVariant(.string("camera-photo")),
                "image_path": DBusVariant(.string("camera-photo")),
            ])
    }

    @Test func imageDataGoesOutAsIiibiiay() {
        var hints = NotificationHints()
        hints.imageData = ImageData(
            width: 1, height: 1, rowStride: 4, hasAlpha: true, channels: 4, pixels: [1, 2, 3, 4])
        #expect(hints.wire["image-data"]?.value.signature.description == "(iiibiiay)")
    }

    @Test func readingIsTolerantAsServersAre() {
        let hints = NotificationHints(wire: [
            "transient": DBusVariant(.uint32(1)),
            "resident": DBusVariant(.int32(0)),
            "image_path": DBusVariant(.string("icon-name")),
            "urgency": DBusVariant(.uint32(0)),
            "x-dunst-stack-tag": DBusVariant(.string("vol")),
        ])
        #expect(hints.isTransient == true)
        #expect(hints.isResident == false)
        #expect(hints.imagePath == "icon-name")
        #expect(hints.urgency == .low)
        #expect(hints.vendor == ["x-dunst-stack-tag": DBusVariant(.string("vol"))])
    }

    @Test func aStandardKeyWithAnUnusableTypeIsKeptAsGiven() {
        var hints = NotificationHints()
        hints.set("urgency", .string("high"))
        #expect(hints.urgency == nil)
        #expect(hints.wire["urgency"] == DBusVariant(.string("high")))
        hints.set("urgency", .byte(1))
        #expect(hints.urgency == .normal)
        #expect(hints.vendor["urgency"] == nil)
    }
}
