import NotificationAgentClient

/// The settings file's format: `{"version": 1, "apps": {"<app id>": AppSettings}}`, each
/// `AppSettings` field by name with Apple's raw values.
package struct SettingsFile: StoredDocument, Hashable {
    /// The format version this code writes and reads.
    package static let currentVersion = 1
    package static let fileName = "settings.json"
    package static let kind = StoredDocumentKind.settings
    package static let empty = SettingsFile()

    /// The format version of the file.
    package var version: Int
    /// Every app that has settings, by identifier.
    package var apps: [String: AppSettings]

    /// A file of `version` holding `apps`.
    package init(version: Int = SettingsFile.currentVersion, apps: [String: AppSettings] = [:]) {
        self.version = version
        self.apps = apps
    }

    /// An app identifier that no store writes makes the file corrupt.
    package func problem() -> String? {
        for app in apps.keys {
            if let problem = AppIdentifier.problem(with: app) {
                return "invalid app identifier \(app.debugDescription): \(problem)"
            }
        }
        return nil
    }
}
