import Foundation

/// How an app is shown: from its desktop entry (``AppDesktopEntry``) when one is installed,
/// else the last part of its identifier (`org.example.Mail` → `Mail`) and no icon.
package enum AppDisplayName {
    /// The entry's `Name` in the user's language, else the identifier's last part.
    package static func name(for app: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        name(for: app, entry: AppDesktopEntry.find(app: app, environment: environment))
    }

    /// The same, with the app's entry already looked up (`nil`: it has none).
    package static func name(for app: String, entry: AppDesktopEntry?) -> String {
        entry?.name ?? app.split(separator: ".").last.map(String.init) ?? app
    }

    /// The desktop-entry id for the `desktop-entry` hint, when the app has a `.desktop` file.
    package static func desktopEntry(
        for app: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        AppDesktopEntry.find(app: app, environment: environment)?.id
    }

    /// The entry's `Icon`, for the prompt and for notifications that name no icon of their own.
    package static func icon(for app: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String?
    {
        AppDesktopEntry.find(app: app, environment: environment)?.icon
    }
}
