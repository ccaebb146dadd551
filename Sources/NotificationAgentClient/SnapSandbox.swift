#if canImport(Glibc)
    import Glibc
#endif

/// Whether this process runs confined in a Snap, and as which app, told as xdg-desktop-portal
/// tells a snap: its cgroup (`/proc/PID/cgroup`) lies under a `snap.` unit in the freezer, the
/// `name=systemd` or the unified hierarchy. The portal then asks `snap routine portal-info` for
/// the snap's instance name, which a confined app cannot run: snapd gives the app the same
/// name as `SNAP_INSTANCE_NAME` (older snapd: `SNAP_NAME`). The portal names the app
/// `snap.NAME`, and so does this.
///
/// Not tested against a real snap (snapd cannot run where the tests run): the cgroup and the
/// environment are faked in the tests, as the portal's own tests fake them.
package enum SnapSandbox {
    /// The app id of a process whose cgroup file reads `cgroup`, in `environment`: `snap.NAME`,
    /// or nil when it is no snap (or snapd gave no valid name).
    package static func appID(cgroup: String, environment: [String: String]) -> String? {
        guard isSnap(cgroup: cgroup),
            let name = environment["SNAP_INSTANCE_NAME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? environment["SNAP_NAME"],
            isInstanceName(name)
        else { return nil }
        return "snap." + name
    }

    /// Whether a cgroup file (`ID:CONTROLLERS:PATH` lines) puts its process in a snap: a path
    /// with `/snap.` in the freezer, `name=systemd` or unified (empty controllers) hierarchy.
    package static func isSnap(cgroup: String) -> Bool {
        cgroup.split(separator: "\n").contains { line in
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { return false }
            return ["freezer", "name=systemd", ""].contains(fields[1]) && fields[2].contains("/snap.")
        }
    }

    /// A snap's instance name: its name (lower-case letters, digits, `-`), then `_KEY` for a
    /// parallel instance (lower-case letters and digits), as snapd allows them.
    static func isInstanceName(_ name: String) -> Bool {
        let parts = name.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        guard let snap = parts.first, (1...40).contains(snap.count),
            snap.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { return false }
        guard parts.count == 2 else { return true }
        return (1...10).contains(parts[1].count)
            && parts[1].unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    /// This process's app id as a snap (``appID(cgroup:environment:)`` of its own cgroup file and
    /// environment), or nil.
    package static func current() -> String? {
        guard let cgroup = ownCgroup() else { return nil }
        var environment: [String: String] = [:]
        for key in ["SNAP_INSTANCE_NAME", "SNAP_NAME"] {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        return appID(cgroup: cgroup, environment: environment)
    }

    /// `/proc/self/cgroup`, or nil when it cannot be read (no snap can be told then).
    static func ownCgroup() -> String? {
        let file = open("/proc/self/cgroup", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = read(file, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
