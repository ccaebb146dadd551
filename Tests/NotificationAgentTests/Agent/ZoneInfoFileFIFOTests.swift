import Foundation
import Testing
import TestSupport

@testable import NotificationAgent

#if canImport(Glibc)
    import Glibc
#endif

/// No file the agent reads can block it: a FIFO as the zone file (`TZ=:/path`,
/// `/etc/localtime`), as the `timezone` file beside a copy, or inside the zoneinfo directory
/// names no zone, at once.
@Suite(.timeLimit(.minutes(1))) struct ZoneInfoFileFIFOTests {
    @Test func aFIFOAsTheZoneFileNamesNoZone() throws {
        let directory = try TemporaryDirectory("unotify-zone")
        let fifo = directory.url.appendingPathComponent("localtime").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(ZoneInfoFile.identifier(at: fifo) == nil)
    }

    @Test func aFIFOBesideACopyOrInTheZoneDirectoryIsPassedBy() throws {
        let directory = try TemporaryDirectory("unotify-zone")
        let zoneInfo = directory.url.appendingPathComponent("zoneinfo")
        try FileManager.default.createDirectory(
            at: zoneInfo.appendingPathComponent("Asia"), withIntermediateDirectories: true)
        let tokyo = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Asia/Tokyo"))
        try tokyo.write(to: zoneInfo.appendingPathComponent("Asia/Tokyo"))
        // A FIFO of the same size as Tokyo's file cannot be told apart by its size.
        #expect(mkfifo(zoneInfo.appendingPathComponent("Asia/Blocking").path, 0o600) == 0)
        let copy = directory.url.appendingPathComponent("localtime")
        try tokyo.write(to: copy)
        #expect(mkfifo(directory.url.appendingPathComponent("timezone").path, 0o600) == 0)
        #expect(ZoneInfoFile.identifier(at: copy.path, zoneInfo: zoneInfo.path) == "Asia/Tokyo")
    }
}
