import Foundation
import Testing
import TestSupport

/// One list of servers: the README's "Desktop support" table, docs/SERVERS.md's and the DocC
/// article *Servers* name exactly the servers the end-to-end matrix runs (``MatrixServer/everyone``, on each of
/// which `ExplainMatrixTests` checks `unotify server --explain`), each newest version the
/// matrix runs in the "newest tested" column, and no other.
@Suite struct ServerTableTests {
    /// The table's name of each server, by the matrix's name without its version.
    static let shownNames = [
        "GNOME Shell": "gnome-shell", "KDE Plasma": "plasma", "dunst": "dunst", "mako (sway)": "mako",
        "SwayNotificationCenter": "swaync", "xfce4-notifyd": "xfce4-notifyd", "Cinnamon": "cinnamon",
        "Budgie": "budgie", "notification-daemon": "notification-daemon", "mate": "mate", "lxqt": "lxqt",
        "notify-osd": "notify-osd", "awesome": "awesome", "Enlightenment": "enlightenment", "Phosh": "phosh",
    ]

    /// The rows of the first table whose header starts with `| server | Debian 12 |`: the
    /// servers each row names (a row may name several), and its "newest tested" cell.
    static func rows(in file: String) throws -> [(servers: [String], newest: String)] {
        let text = try String(contentsOf: PackageRoot.url.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("| server | Debian 12 |") }, "\(file) has no table")
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let servers = cells[0].components(separatedBy: ", ")
            return (servers, cells.count > 2 ? cells[2] : "")
        }
    }

    /// The matrix's servers by family, each with the versions of its newer ones
    /// (`gnome-shell` → `["48", "51"]`).
    static var matrix: [String: [String]] {
        var families: [String: [String]] = [:]
        for server in MatrixServer.everyone {
            let version = server.name == server.family ? nil : String(server.name.dropFirst(server.family.count + 1))
            families[server.family, default: []] += version.map { [$0] } ?? []
        }
        return families
    }

    @Test(arguments: ["README.md", "docs/SERVERS.md", "Sources/UserNotifications/UserNotifications.docc/Servers.md"])
    func theTableNamesTheMatrixServersAndTheirNewestVersions(_ file: String) throws {
        var named: [String: String] = [:]
        for row in try Self.rows(in: file) {
            for server in row.servers {
                let family = try #require(
                    Self.shownNames[server], "\(file) names \(server), which the matrix does not run")
                named[family] = row.newest
            }
        }
        let matrix = Self.matrix
        #expect(
            Set(named.keys) == Set(matrix.keys),
            "\(file): \(named.keys.sorted()) against the matrix's \(matrix.keys.sorted())")
        for (family, versions) in matrix {
            let cell = named[family] ?? ""
            for version in versions {
                #expect(cell.contains(version + "."), "\(file) does not name \(family) \(version): \(cell)")
            }
            if versions.isEmpty {
                #expect(cell == "—", "\(file) names a newer \(family) the matrix does not run: \(cell)")
            }
        }
    }
}
