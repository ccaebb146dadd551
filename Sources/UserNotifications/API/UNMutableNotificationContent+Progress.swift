import Foundation

extension UNMutableNotificationContent {
    /// The key under which ``progress`` is kept in `userInfo`.
    public static let progressUserInfoKey = "unotify-progress"

    /// A progress value from 0 to 100, shown as a bar on servers that can (dunst's `value` hint).
    ///
    /// On Linux only: Apple's framework has no progress. It is kept in `userInfo` under
    /// ``progressUserInfoKey``, so code for both platforms can set it behind `#if os(Linux)`.
    public var progress: Int? {
        get { userInfo[Self.progressUserInfoKey] as? Int }
        set {
            var info = userInfo
            info[Self.progressUserInfoKey] = newValue.map { min(max($0, 0), 100) }
            userInfo = info
        }
    }
}
