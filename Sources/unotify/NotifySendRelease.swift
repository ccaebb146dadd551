import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// The notify-send release whose options, messages and `Notify` calls `unotify send` and the
/// `notify-send` personality follow.
///
/// The newest, 0.8.9 (Debian 13 and later, Arch, Fedora), unless `UNOTIFY_NOTIFY_SEND_VERSION`
/// names 0.8.1 (Debian 12's). The two differ in what a script can see (measured side by side,
/// docs/NOTIFY-SEND.md): 0.8.9 takes `-n`/`--app-icon` and the three `--…-fd` options, accepts
/// an empty summary, sends `-i` as the `image-path` hint instead of the app icon, reads a `byte`
/// hint's `0x` as hexadecimal, and starts a failed show's message with "Failed to show
/// notification: ".
enum NotifySendRelease: String, Sendable, CaseIterable, Comparable {
    /// libnotify-bin 0.8.1, Debian 12's.
    case v0_8_1 = "0.8.1"
    /// libnotify-bin 0.8.9, Debian sid's (2025).
    case v0_8_9 = "0.8.9"

    /// The release followed when the environment names none.
    static let newest = Self.v0_8_9

    /// The environment variable that names the release to follow.
    static let variable = "UNOTIFY_NOTIFY_SEND_VERSION"

    /// The release the environment names (``variable``), else ``newest``.
    ///
    /// - Throws: ``CommandFailure`` naming the releases there are, when the variable names none
    ///   of them.
    static func selected() throws -> Self {
        try named(getenv(variable).map { String(cString: $0) })
    }

    /// The release `name` names, else ``newest`` (for nil or empty).
    static func named(_ name: String?) throws -> Self {
        guard let name, !name.isEmpty else { return newest }
        guard let release = Self(rawValue: name) else {
            let known = allCases.map(\.rawValue).joined(separator: " or ")
            throw CommandFailure(
                "unotify: \(variable)=\(AgentError.quote(name)) is no notify-send release unotify follows: "
                    + "set it to \(known), or unset it for the newest (\(newest.rawValue))")
        }
        return release
    }

    /// Whether `-n`, `--id-fd`, `--selected-action-fd` and `--activation-token-fd` exist.
    var hasAppIconAndDescriptorOptions: Bool { self >= .v0_8_9 }

    /// Whether an empty summary is sent (0.8.9) rather than refused as "No summary specified."
    var acceptsEmptySummary: Bool { self >= .v0_8_9 }

    /// Whether `-i` is sent as the `image-path` hint (spelled for the server's specification
    /// version) rather than as the `Notify` call's app icon.
    var sendsIconAsImageHint: Bool { self >= .v0_8_9 }

    /// Whether a `byte` hint's value written `0x…` is hexadecimal (0.8.1 reads it as 0).
    var readsHexadecimalBytes: Bool { self >= .v0_8_9 }

    /// The key of the first `-A` without a NAME: 1 in 0.8.9, though its help says "starting
    /// with 0" (measured on Debian's 0.8.9-1).
    var firstActionIndex: Int { self >= .v0_8_9 ? 1 : 0 }

    /// What a message about a failed show starts with.
    var showFailurePrefix: String { self >= .v0_8_9 ? "Failed to show notification: " : "" }

    /// The help text of `-a`.
    var appNameHelp: String {
        self >= .v0_8_9 ? "Specifies the app name for the notification" : "Specifies the app name for the icon"
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
