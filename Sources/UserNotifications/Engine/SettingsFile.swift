/// The settings file's format: `{"version": 1, "apps": {"<app id>": AppSettings}}`, each
/// `AppSettings` field by name with Apple's raw values.
package struct SettingsFile: Codable, Hashable, Sendable {
    /// The format version this code writes and reads.
    package static let currentVersion = 1

    /// The format version of the file.
    package var version: Int
    /// Every app that has settings, by identifier.
    package var apps: [String: AppSettings]

    /// A file of `version` holding `apps`.
    package init(version: Int = SettingsFile.currentVersion, apps: [String: AppSettings] = [:]) {
        self.version = version
        self.apps = apps
    }
}
