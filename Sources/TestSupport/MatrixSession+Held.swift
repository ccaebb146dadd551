import Foundation

extension MatrixSession {
    /// How many notifications the server holds, on screen or in its history, by its own count,
    /// where it keeps one: GNOME Shell (its tray), dunst (displayed, waiting and history), mako
    /// (`makoctl list`), swaync (`swaync-client --count`) and Cinnamon (its tray); nil on the
    /// servers that show popup windows and count nothing.
    public func heldCount() async throws -> Int? {
        switch server.hand {
        case .shell: return try await desktop.shellNotificationCount()
        case .makoMenu: return try await desktop.makoNotifications().count
        case .waylandButtons: return try await desktop.swayncCount()
        case .cinnamon: return try await desktop.cinnamonNotificationCount()
        case .dunstMenu:
            // "Waiting: N", "Currently displayed: N", "History: N"
            let counts = try await desktop.output("dunstctl", ["count"]).split(separator: "\n").compactMap {
                Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
            }
            guard counts.count == 3 else { throw TestSupportError("dunstctl count printed \(counts)") }
            return counts.reduce(0, +)
        default: return nil
        }
    }
}
