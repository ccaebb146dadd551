import Foundation
import Testing
import TestSupport

@testable import NotificationAgent

/// How the agent reads a caller's `.flatpak-info`, as xdg-desktop-portal does, and what it
/// refuses rather than trusts.
@Suite struct CallerSandboxTests {
    @Test func theApplicationsNameIsTheApp() {
        let info = "[Application]\nname=org.example.Tea\nruntime=runtime/org.freedesktop.Platform/x86_64/24.08\n"
        #expect(CallerSandbox.appName(inFlatpakInfo: Array(info.utf8)) == "org.example.Tea")
    }

    @Test func aRuntimeRunOnItsOwnIsNamedByTheRuntime() {
        let info = "[Runtime]\nname=org.freedesktop.Platform\n\n[Application]\nname=org.example.Tea\n"
        #expect(CallerSandbox.appName(inFlatpakInfo: Array(info.utf8)) == "org.freedesktop.Platform")
    }

    @Test(arguments: [
        "", "[Application]\n", "[Application]\nname=\n", "[Application]\nname=not an id\n", "name=x\n",
        "[Application]\nname=Tea\n", "[Application]\nname=org.1example.Tea\n", "[Application]\nname=org..Tea\n",
    ])
    func noValidNameIsNoApp(_ info: String) {
        #expect(CallerSandbox.appName(inFlatpakInfo: Array(info.utf8)) == nil)
    }

    /// A process tree of its own: `PROC/PID/root` is a folder standing for the process's root.
    static func process(_ pid: UInt32, root: (String) throws -> Void) throws -> TemporaryDirectory {
        let proc = try TemporaryDirectory("caller-sandbox")
        let rootPath = "\(proc.path)/\(pid)/root"
        try FileManager.default.createDirectory(atPath: rootPath, withIntermediateDirectories: true)
        try root(rootPath)
        return proc
    }

    @Test func aProcessWithoutTheFileIsNotSandboxed() throws {
        let proc = try Self.process(7) { _ in }
        #expect(try CallerSandbox.of(processID: 7, proc: proc.path) == .none)
    }

    @Test func aProcessWithTheFileIsThatApp() throws {
        let proc = try Self.process(7) { root in
            try "[Application]\nname=org.example.Tea\n".write(
                toFile: root + "/.flatpak-info", atomically: true, encoding: .utf8)
        }
        #expect(try CallerSandbox.of(processID: 7, proc: proc.path) == .flatpak(app: "org.example.Tea"))
    }

    @Test func aGoneProcessIsRefused() throws {
        let proc = try Self.process(7) { _ in }
        #expect(throws: (any Error).self) { try CallerSandbox.of(processID: 8, proc: proc.path) }
    }

    @Test func aFileThatIsNoRegularFileOrNamesNoAppIsRefused() throws {
        let folder = try Self.process(7) { root in
            try FileManager.default.createDirectory(atPath: root + "/.flatpak-info", withIntermediateDirectories: true)
        }
        #expect(throws: (any Error).self) { try CallerSandbox.of(processID: 7, proc: folder.path) }
        let nameless = try Self.process(7) { root in
            try "[Application]\n".write(toFile: root + "/.flatpak-info", atomically: true, encoding: .utf8)
        }
        #expect(throws: (any Error).self) { try CallerSandbox.of(processID: 7, proc: nameless.path) }
    }
}
