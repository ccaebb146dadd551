/// unotify's version: what `unotify --version` and `unotifyd --version` print, and what
/// `scripts/package` names the Debian package and the man pages' footer carry.
package enum UnotifyVersion {
    /// The version number, `MAJOR.MINOR.PATCH`.
    package static let number = "0.2.0"
}
