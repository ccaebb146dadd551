import Foundation
import NotificationAgentClient

/// Which app a process is, for the agent: the identifier its settings, requests and responses
/// are kept under.
///
/// Linux has no app bundles, so the identifier is decided in this order:
/// 1. the environment variable `UNOTIFY_APP_ID`, when set (it must be valid: a mistake is
///    reported rather than silently replaced);
/// 2. `FLATPAK_ID`, which Flatpak sets in an app's sandbox (the app's id there), when valid;
///    in a snap (told as the notification portal tells one, `SnapSandbox`), `snap.NAME`, the
///    id the portal gives it;
/// 3. `Bundle.main.bundleIdentifier`, when there is one and it is valid;
/// 4. `local.<executable name>`, with characters other than letters, digits, `-` and `_`
///    replaced by `-` (so `/usr/bin/my app` is `local.my-app`).
///
/// A valid identifier is reverse-DNS-like: at most 255 characters, at least two non-empty
/// components separated by `.`, each of ASCII letters, digits, `-` and `_` (`org.example.Todo`).
/// The identifier also names the app's `.desktop` file when one is installed.
package enum AppIdentity {
    /// The environment variable that sets the identifier.
    package static let environmentVariable = "UNOTIFY_APP_ID"

    /// The identifier of this process, or the reason `UNOTIFY_APP_ID` cannot be used.
    package static func resolve(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        bundleIdentifier: String? = Bundle.main.bundleIdentifier,
        executableName: String = ProcessInfo.processInfo.processName, snap: String? = SnapSandbox.current()
    ) -> Result<String, UNError> {
        if let explicit = environment[environmentVariable] {
            guard isValid(explicit) else {
                return .failure(
                    UNError(
                        .notificationsNotAllowed,
                        "\(environmentVariable)=\"\(explicit)\" is not a valid app identifier: use a reverse-DNS name such as org.example.App (letters, digits, '-' and '_' in two or more dot-separated parts)."
                    ))
            }
            return .success(explicit)
        }
        if let flatpak = environment["FLATPAK_ID"], isValid(flatpak) {
            return .success(flatpak)
        }
        if let snap { return .success(snap) }
        if let bundleIdentifier, isValid(bundleIdentifier) {
            return .success(bundleIdentifier)
        }
        return .success("local." + sanitizedComponent(executableName))
    }

    /// Whether `identifier` is a valid app identifier (see ``AppIdentity``).
    package static func isValid(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, identifier.utf8.count <= 255 else { return false }
        let components = identifier.split(separator: ".", omittingEmptySubsequences: false)
        guard components.count >= 2 else { return false }
        return components.allSatisfy { component in
            !component.isEmpty && component.unicodeScalars.allSatisfy(isAllowed)
        }
    }

    /// `name` turned into one valid identifier component: disallowed characters become `-`,
    /// leading and trailing `-` are dropped, and an empty result is `app`.
    package static func sanitizedComponent(_ name: String) -> String {
        let base = name.split(separator: "/").last.map(String.init) ?? name
        let replaced = String(String.UnicodeScalarView(base.unicodeScalars.map { isAllowed($0) ? $0 : "-" }))
        let trimmed = replaced.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        let limited = String(trimmed.prefix(200))
        return limited.isEmpty ? "app" : limited
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return true
        default: return false
        }
    }
}
