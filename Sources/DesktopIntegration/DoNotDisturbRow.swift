import FreedesktopNotifications

/// One measured fact of where a notification server's desktop keeps its do-not-disturb switch
/// (``DoNotDisturbPlace``), keyed as the quirks table is (``ServerMatch``), with its evidence.
/// KDE's `inhibitions` capability needs no row: ``DoNotDisturbSwitch/of(_:)`` reads it first.
package struct DoNotDisturbRow: Sendable {
    /// The servers the row holds for.
    package let server: ServerMatch
    /// Where their switch is kept.
    package let place: DoNotDisturbPlace
    /// How it was found: the version measured, what was seen, and the test that checks it.
    package let evidence: String

    /// A row of the table.
    init(
        _ name: String, vendor: String? = nil, since: ServerVersion? = nil, before: ServerVersion? = nil,
        _ place: DoNotDisturbPlace, evidence: String
    ) {
        self.server = ServerMatch(name, vendor: vendor, since: since, before: before)
        self.place = place
        self.evidence = evidence
    }

    /// The rows that hold for the server that reports `information`, in the table's order.
    package static func rows(for information: ServerInformation?) -> [DoNotDisturbRow] {
        table.filter { $0.server.matches(information) }
    }
}
