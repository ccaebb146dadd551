/// The files a `QSettings(organization, application)` of the user's scope reads, most specific
/// first, as Qt looks them up on Linux (LXQt's `LXQt::Settings(module)` is one, organization
/// `lxqt`): `ORG/APP.conf`, then `ORG.conf`, in the user's configuration directory
/// (`$XDG_CONFIG_HOME`, else `~/.config`), then `ORG/APP.conf` in each of `$XDG_CONFIG_DIRS`
/// (`/etc/xdg` when unset), then `ORG.conf` in each. A key is taken from the first file that has
/// it: the administrator's files give the defaults the user's file does not set.
package struct QSettingsFiles: Sendable, Hashable {
    /// The organization: `lxqt`.
    package let organization: String
    /// The application: `notifications` for lxqt-notificationd.
    package let application: String

    package init(organization: String, application: String) {
        self.organization = organization
        self.application = application
    }

    /// The paths, most specific first, for the environment `environment` (`XDG_CONFIG_HOME`,
    /// `XDG_CONFIG_DIRS`, `HOME`; a relative directory counts as unset). Without an absolute
    /// `XDG_CONFIG_HOME` or `HOME` the user has no file, and only the system's are read.
    package func paths(environment: (String) -> String?) -> [String] {
        let applicationFile = "/\(organization)/\(application).conf"
        let organizationFile = "/\(organization).conf"
        var paths: [String] = []
        if let user = Self.userDirectory(environment) {
            paths += [user + applicationFile, user + organizationFile]
        }
        let system = Self.systemDirectories(environment)
        paths += system.map { $0 + applicationFile } + system.map { $0 + organizationFile }
        return paths
    }

    /// The user's own file: where LXQt writes, and where lxqt-notificationd's switch is set.
    package func userPath(environment: (String) -> String?) -> String? {
        Self.userDirectory(environment).map { $0 + "/\(organization)/\(application).conf" }
    }

    private static func userDirectory(_ environment: (String) -> String?) -> String? {
        if let config = environment("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config }
        guard let home = environment("HOME"), home.hasPrefix("/") else { return nil }
        return home + "/.config"
    }

    private static func systemDirectories(_ environment: (String) -> String?) -> [String] {
        let listed = (environment("XDG_CONFIG_DIRS") ?? "").split(separator: ":").map(String.init)
            .filter { $0.hasPrefix("/") }
        return listed.isEmpty ? ["/etc/xdg"] : listed
    }
}
