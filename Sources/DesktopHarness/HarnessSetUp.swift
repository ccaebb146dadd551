import Foundation

/// What the `test-desktop` executable does before it starts anything.
public enum HarnessSetUp {
    /// Marks every descriptor the harness inherited close-on-exec, so no daemon keeps one.
    public static func closeInheritedDescriptors() { DetachedSpawn.closeInheritedDescriptors() }

    /// The package's root: the first directory above the running executable (or else the
    /// current one) that holds `Package.swift`.
    public static func packageRoot() -> String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.path
            }
            directory = directory.deletingLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath
    }
}
