import DBus
import Foundation
import Testing
import TestSupport

/// The binaries the process tests run are the ones they claim to run: next to the test bundle,
/// or, when `scripts/test` sets `UNOTIFY_TEST_BIN_DIR`, the installed ones, built as
/// `scripts/install` builds them. Without this, a pass meant for the installed binaries could
/// test the debug build and pass by accident.
@Suite(.timeLimit(.minutes(1))) struct TestedBinariesTests {
    static let installedDirectory = ProcessInfo.processInfo.environment["UNOTIFY_TEST_BIN_DIR"].flatMap {
        $0.isEmpty ? nil : URL(fileURLWithPath: $0).standardizedFileURL.path
    }

    @Test func theBinariesComeFromTheNamedDirectory() {
        let expected = Self.installedDirectory ?? PackageRoot.binaryDirectory.standardizedFileURL.path
        #expect(
            URL(fileURLWithPath: UNotifyProcess.path).deletingLastPathComponent().standardizedFileURL.path == expected)
        #expect(
            URL(fileURLWithPath: UNotifyDaemonProcess.path).deletingLastPathComponent().standardizedFileURL.path
                == expected)
        #expect(FileManager.default.isExecutableFile(atPath: UNotifyProcess.path))
        #expect(FileManager.default.isExecutableFile(atPath: UNotifyDaemonProcess.path))
    }

    /// The installed `unotify` is the fast-start build: position-dependent (ELF type EXEC), no
    /// libdbus or libswiftCore to load; the debug build is a PIE (DYN) that loads both.
    @Test func theInstalledBinariesAreTheFastStartBuild() async throws {
        let header = try await Self.output(of: "/usr/bin/readelf", ["-h", UNotifyProcess.path])
        let needed = try await Self.output(of: "/usr/bin/readelf", ["-d", UNotifyProcess.path])
        if Self.installedDirectory != nil {
            #expect(header.contains("EXEC (Executable file)"), "the installed unotify is not position-dependent")
            #expect(!needed.contains("libdbus-1.so"), "the installed unotify loads libdbus")
            #expect(!needed.contains("libswiftCore.so"), "the installed unotify loads the Swift runtime")
        } else {
            #expect(header.contains("DYN"), "the debug unotify is not a PIE")
            #expect(needed.contains("libdbus-1.so"))
        }
    }

    /// The agent that `unotify` starts on its own is the `unotifyd` beside it.
    @Test func theAgentTheCLIStartsIsTheOneBesideIt() async throws {
        let bus = try PrivateBus()
        let state = try TemporaryDirectory("unotify-state")
        let result = try await UNotifyProcess.run(
            ["settings"], busAddress: bus.address, extraEnvironment: ["XDG_STATE_HOME": state.path])
        #expect(result.status == 0, "unotify settings failed: \(result.stderr)")
        let client = try DBusConnection(address: bus.address)
        let pid = try await client.processID(of: "org.unotify.Agent")
        defer { kill(pid_t(pid), SIGTERM) }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        #expect(
            URL(fileURLWithPath: executable).standardizedFileURL.path
                == URL(fileURLWithPath: UNotifyDaemonProcess.path).resolvingSymlinksInPath().standardizedFileURL.path)
    }

    private static func output(of tool: String, _ arguments: [String]) async throws -> String {
        let process = try ChildProcess(tool, arguments)
        let status = try await process.wait(timeout: 20)
        guard status == 0 else {
            throw TestSupportError("\(tool) \(arguments) exited \(status): \(process.standardError)")
        }
        return process.standardOutput
    }
}
