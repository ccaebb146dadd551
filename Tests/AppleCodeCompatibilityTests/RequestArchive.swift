// Keeps the requests an app scheduled in UserDefaults-style storage, as apps do on Apple
// platforms: NSKeyedArchiver with secure coding, read back with the classes it may contain.
import UserNotifications

enum RequestArchive {
    enum ArchiveError: Error {
        case notRequests
    }

    static func archive(_ requests: [UNNotificationRequest]) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: requests, requiringSecureCoding: true)
    }

    static func unarchive(_ data: Data) throws -> [UNNotificationRequest] {
        let object = try NSKeyedUnarchiver.unarchivedObject(
            ofClasses: [NSArray.self, UNNotificationRequest.self], from: data)
        guard let requests = object as? [UNNotificationRequest] else { throw ArchiveError.notRequests }
        return requests
    }

    static func archiveCategory(_ category: UNNotificationCategory) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: category, requiringSecureCoding: true)
    }

    static func unarchiveCategory(_ data: Data) throws -> UNNotificationCategory? {
        try NSKeyedUnarchiver.unarchivedObject(ofClass: UNNotificationCategory.self, from: data)
    }

    static func lastResponse(_ response: UNNotificationResponse) throws -> UNNotificationResponse? {
        let data = try NSKeyedArchiver.archivedData(withRootObject: response, requiringSecureCoding: true)
        return try NSKeyedUnarchiver.unarchivedObject(ofClass: UNNotificationResponse.self, from: data)
    }

    static func editableCopy(of request: UNNotificationRequest) -> UNMutableNotificationContent? {
        request.content.mutableCopy() as? UNMutableNotificationContent
    }
}
