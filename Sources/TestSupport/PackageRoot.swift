import Foundation

/// Where the package's files are, found from this source file's own path.
public enum PackageRoot {
    /// The package root (the folder holding `Package.swift`).
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder holding the built products (`unotify`, the test bundle): the test binary's own.
    public static var binaryDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The folder whose `unotify` and `unotifyd` the tests run: `UNOTIFY_TEST_BIN_DIR` when set
    /// (`scripts/test` points it at the binaries as `scripts/install` installs them, to run the
    /// suites whose verdict depends on how a binary is built), else ``binaryDirectory``.
    public static var productDirectory: URL {
        if let installed = ProcessInfo.processInfo.environment["UNOTIFY_TEST_BIN_DIR"], !installed.isEmpty {
            return URL(fileURLWithPath: installed, isDirectory: true)
        }
        return binaryDirectory
    }
}
