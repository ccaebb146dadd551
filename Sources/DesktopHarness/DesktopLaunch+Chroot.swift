import Foundation

/// What the recipes of servers in a chroot share: the chroot, prepared once per desktop and
/// kept in ``DesktopLaunch/chroot``, processes started in it, and the versions it has.
extension DesktopLaunch {
    /// Builds or finds the chroot of `suite` the first time; later calls return the same one.
    @discardableResult
    func prepareChroot(_ suite: String) throws -> ChrootNamespace {
        if let chroot { return chroot }
        let prepared = try ChrootNamespace.prepare(suite, in: self)
        chroot = prepared
        return prepared
    }

    /// Starts `command` inside the prepared chroot (detached, recorded in `pids` as `name`,
    /// its output in `log`), the first such process making the mount namespace.
    @discardableResult
    func spawnInChroot(_ command: [String], name: String, log: String) throws -> pid_t {
        guard var namespace = chroot else { throw HarnessError("\(server): no chroot prepared for \(name)") }
        let pid = try namespace.spawn(command, name: name, log: log, in: self)
        chroot = namespace
        return pid
    }

    /// Prepares the chroot of `suite` and checks that its `package` is at `version` (a prefix
    /// of Debian's version, "2.4" for 2.4.0-1), the server a recipe names.
    @discardableResult
    func prepareChroot(_ suite: String, with package: String, at version: String) throws -> ChrootNamespace {
        let chroot = try prepareChroot(suite)
        let installed = chrootPackageVersion(package)
        guard installed.hasPrefix(version + ".") else {
            throw HarnessError("the \(suite) chroot has \(package) '\(installed)', not \(version)")
        }
        return chroot
    }

    /// The version of Debian package `package` in the prepared chroot, empty when it has none.
    func chrootPackageVersion(_ package: String) -> String {
        chroot?.installedVersion(of: package) ?? ""
    }

    /// The first words of a chroot server's `env -i` environment: the state directory as its
    /// home, and its XDG directories there (one path inside and out, the state being bound).
    var chrootHomeVariables: [String] {
        [
            "HOME=\(state)", "XDG_RUNTIME_DIR=\(path("xdg-runtime"))", "XDG_CONFIG_HOME=\(path("config"))",
            "XDG_CACHE_HOME=\(path("cache"))", "XDG_DATA_HOME=\(path("data"))",
        ]
    }

    /// The last words of a chroot server's `env -i` environment: a UTF-8 locale and the
    /// chroot's own programs.
    static let chrootLocaleAndPath = ["LANG=C.UTF-8", "LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin:/usr/sbin:/sbin"]
}
