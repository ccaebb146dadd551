import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

#if canImport(Glibc)
    import Glibc
#endif

/// Files that would block a reader (a FIFO with no writer) where the agent reads: an attachment,
/// the settings file, an app's `.desktop` file, its strings. None may block the agent, whose
/// every later call would otherwise time out.
@Suite(.timeLimit(.minutes(1))) struct AgentHostileFileTests {
    /// A FIFO that tells whether someone is blocked reading it, and frees them.
    final class FIFOTrap: Sendable {
        let path: String

        init(_ path: String) throws {
            self.path = path
            guard mkfifo(path, 0o600) == 0 else { throw TestSupportError("mkfifo \(path): errno \(errno)") }
        }

        /// Whether a reader has the FIFO open now (a writer can open it without blocking only
        /// then); the reader, if any, is freed (it reads end-of-file).
        func releaseReader() -> Bool {
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            guard fd >= 0 else { return false }
            close(fd)
            return true
        }

        /// Whether this process has a descriptor open on the FIFO (a read left blocked, or a
        /// descriptor leaked) or a thread waiting in a FIFO's `open` (the kernel's
        /// `wait_for_partner`). Unlike ``releaseReader()``, it does not count another process's
        /// copy: a child another test spawns holds a copy of every descriptor until its `exec`
        /// (O_CLOEXEC closes it only then), and one spawned while the agent's read had the FIFO
        /// open for an instant made a finished read look blocked in a fresh-clone run.
        func isOpenInThisProcess() -> Bool {
            let files = FileManager.default
            let descriptors = (try? files.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            let holds = descriptors.contains { descriptor in
                (try? files.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)) == path
            }
            let threads = (try? files.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            let waits = threads.contains { thread in
                (try? String(contentsOfFile: "/proc/self/task/\(thread)/wchan", encoding: .utf8)) == "wait_for_partner"
            }
            return holds || waits
        }
    }

    /// Runs `operation`; if it has not finished after `patience`, a watchdog thread (outside
    /// Swift's cooperative pool, which a blocked reader may have exhausted) frees whoever blocks
    /// on the trap. Returns whether a reader of this process was found blocked (or the FIFO left
    /// open), and the operation's outcome: an operation that is only slow is not blocked.
    static func run<T: Sendable>(
        _ trap: FIFOTrap, patience: TimeInterval = 3,
        _ operation: @escaping @Sendable () async throws -> T
    ) async -> (blocked: Bool, Result<T, any Error>) {
        let watchdog = Watchdog()
        let thread = Thread {
            let deadline = Date().addingTimeInterval(patience)
            while !watchdog.isDone, Date() < deadline { usleep(20_000) }
            // A slow operation is not a blocked one: blocked is this process holding the FIFO or
            // waiting in its open (another process's inherited copy is not the agent's).
            guard !watchdog.isDone else { return }
            let holding = trap.isOpenInThisProcess()
            if trap.releaseReader(), holding { watchdog.noteBlocked() }
        }
        thread.start()
        let result: Result<T, any Error>
        do {
            result = .success(try await operation())
        } catch {
            result = .failure(error)
        }
        watchdog.finish()
        let leftOpen = trap.isOpenInThisProcess()
        _ = trap.releaseReader()  // frees a reader left blocked, if any
        return (watchdog.wasBlocked || leftOpen, result)
    }

    final class Watchdog: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        private var blocked = false
        var isDone: Bool { lock.withLock { done } }
        var wasBlocked: Bool { lock.withLock { blocked } }
        func finish() { lock.withLock { done = true } }
        func noteBlocked() { lock.withLock { blocked = true } }
    }

    @Test func anImageThatIsAFIFOIsRefusedAtOnceAndTheAgentStaysResponsive() async throws {
        let rig = try await AgentResponseTests.authorizedRig()
        let directory = try TemporaryDirectory("unotify-fifo")
        let trap = try FIFOTrap(directory.url.appendingPathComponent("image.png").path)
        let client = rig.client
        let (blocked, result) = await Self.run(trap) {
            try await client.add(
                app: "org.example.Chat",
                request: DeliveryRequest(
                    identifier: "fifo", title: "Image", imagePath: trap.path))
        }
        #expect(!blocked, "the agent blocked reading the FIFO")
        #expect(throws: AgentError.self) { try result.get() }
        if case .failure(let error) = result {
            #expect((error as? AgentError)?.code == .invalidArgument)
            #expect("\(error)".contains("not a regular file"))
        }
        #expect(try await rig.client.settings(app: "org.example.Chat").authorization == .authorized)
    }

    @Test func aSettingsFileThatIsAFIFOIsAClearErrorAndTheAgentStaysResponsive() async throws {
        let rig = try await AgentTests.Rig()
        try FileManager.default.createDirectory(at: rig.directory, withIntermediateDirectories: true)
        let trap = try FIFOTrap(rig.directory.appendingPathComponent("settings.json").path)
        let client = rig.client
        let (blocked, result) = await Self.run(trap) { try await client.settings(app: "org.example.New") }
        #expect(!blocked, "the agent blocked reading settings.json")
        if case .failure(let error) = result {
            #expect((error as? AgentError)?.code == .settings)
            #expect("\(error)".contains("settings.json") && "\(error)".contains("not a regular file"))
        } else {
            Issue.record("a FIFO was read as settings: \(result)")
        }
        #expect(try await rig.client.pending(app: "org.example.New").isEmpty)
    }

    @Test func aDesktopFileOrStringsTableThatIsAFIFOIsIgnored() async throws {
        let data = try TemporaryDirectory("unotify-data")
        let applications = data.url.appendingPathComponent("applications")
        let strings = data.url.appendingPathComponent("unotify/apps/org.example.Tea")
        for directory in [applications, strings] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        let desktop = try FIFOTrap(applications.appendingPathComponent("org.example.Tea.desktop").path)
        let table = try FIFOTrap(strings.appendingPathComponent("Localizable.strings").path)
        let environment = ["HOME": data.path, "XDG_DATA_HOME": data.path, "XDG_DATA_DIRS": "/nonexistent"]
        let (nameBlocked, name) = await Self.run(desktop) {
            AppDisplayName.name(for: "org.example.Tea", environment: environment)
        }
        #expect(!nameBlocked)
        #expect(try name.get() == "Tea")
        let (tableBlocked, loaded) = await Self.run(table) {
            AppStringsTable.load(app: "org.example.Tea", environment: environment)
        }
        #expect(!tableBlocked)
        #expect(try loaded.get() == AppStringsTable())
    }

    @Test func anAttachmentThatIsAFIFOIsRefusedByTheAPI() async throws {
        let directory = try TemporaryDirectory("unotify-fifo")
        let trap = try FIFOTrap(directory.url.appendingPathComponent("sound.png").path)
        let (blocked, result) = await Self.run(trap) {
            try UNNotificationAttachment(identifier: "a", url: URL(fileURLWithPath: trap.path))
        }
        #expect(!blocked, "creating the attachment blocked reading the FIFO")
        #expect(throws: UNError.self) { try result.get() }
    }
}
