import Foundation
import Testing
import UserNotifications

@Suite(.timeLimit(.minutes(1))) struct APIErrorTests {
    @Test func codesAreApples() {
        let table: [(UNError.Code, Int)] = [
            (.notificationsNotAllowed, 1), (.attachmentInvalidURL, 100),
            (.attachmentUnrecognizedType, 101), (.attachmentInvalidFileSize, 102),
            (.attachmentNotInDataStore, 103), (.attachmentMoveIntoDataStoreFailed, 104),
            (.attachmentCorrupt, 105), (.notificationInvalidNoDate, 1400),
            (.notificationInvalidNoContent, 1401), (.contentProvidingObjectNotAllowed, 1500),
            (.contentProvidingInvalid, 1501), (.badgeInputInvalid, 1600),
        ]
        for (code, raw) in table {
            #expect(code.rawValue == raw)
            #expect(UNError.Code(rawValue: raw) == code)
        }
        // The static members of UNError are the codes, as in Apple's SDK.
        #expect(UNError.notificationsNotAllowed == .notificationsNotAllowed)
        #expect(UNError.attachmentInvalidURL == .attachmentInvalidURL)
        #expect(UNError.badgeInputInvalid == .badgeInputInvalid)
    }

    @Test func bridgesToNSErrorInUNErrorDomain() {
        let error = UNError(.attachmentInvalidFileSize, "too big: make it smaller")
        let nsError = error as NSError
        #expect(nsError.domain == "UNErrorDomain")
        #expect(nsError.code == 102)
        #expect(nsError.localizedDescription == "too big: make it smaller")
        #expect(error.localizedDescription == "too big: make it smaller")
        #expect(UNError.errorDomain == UNErrorDomain)
        #expect(error.errorCode == 102)
    }

    @Test func catchPatternsWorkAsWithApplesSDK() {
        func fail() throws { throw UNError(.notificationsNotAllowed, "no") }
        var matched = ""
        do {
            try fail()
        } catch UNError.attachmentCorrupt {
            matched = "wrong code"
        } catch UNError.notificationsNotAllowed {
            matched = "static member"
        } catch {
            matched = "fell through"
        }
        #expect(matched == "static member")

        do {
            try fail()
        } catch let error as UNError where error.code == .notificationsNotAllowed {
            matched = "typed"
        } catch {
            matched = "fell through"
        }
        #expect(matched == "typed")

        // An NSError in the domain matches too, as bridged errors do on Apple platforms.
        #expect(UNError.notificationsNotAllowed ~= NSError(domain: UNErrorDomain, code: 1))
        #expect(!(UNError.notificationsNotAllowed ~= NSError(domain: "Other", code: 1)))
    }

    @Test func publicInitializerKeepsTheDescriptionOrExplainsTheCode() {
        let described = UNError(.attachmentCorrupt, userInfo: [NSLocalizedDescriptionKey: "broken"])
        #expect(described.localizedDescription == "broken")
        let plain = UNError(.notificationsNotAllowed)
        #expect(plain.localizedDescription.contains("request authorization"))
        #expect(plain == UNError(.notificationsNotAllowed))
        #expect(plain != UNError(.attachmentCorrupt))
    }
}
