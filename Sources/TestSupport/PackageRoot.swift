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
}
