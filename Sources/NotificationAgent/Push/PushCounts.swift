/// What happened to the push messages since the agent started: delivered, or dropped and why.
package struct PushCounts: Sendable, Equatable {
    package enum Outcome: String, CaseIterable, Sendable {
        case delivered
        /// A silent push (`content-available`, nothing to show) handed to the running app.
        case background
        case notAllowed = "not-allowed"
        case unknownToken = "unknown-token"
        case replayed
        case undecryptable
        case invalidPayload = "invalid-payload"
        case notShown = "not-shown"
        /// `push.json` could not be read: the message was refused, so that its distributor keeps
        /// it, and its token was left alone.
        case stateUnreadable = "state-unreadable"
        /// A message refused for an unreadable `push.json` and kept in the store (``WaitingPushTable``), to be
        /// delivered once the file can be read.
        case kept
        /// A kept message dropped unshown, the oldest, to keep the store (``WaitingPushTable``) within its bounds.
        case waitingDropped = "waiting-dropped"
        /// A connector call for a token from a connection other than the distributor the token
        /// was registered with: refused.
        case foreignSender = "foreign-sender"
    }

    private(set) var counts: [Outcome: UInt32] = [:]

    package init() {}

    mutating func record(_ outcome: Outcome) {
        counts[outcome, default: 0] &+= 1
    }

    /// The count of `outcome`.
    package subscript(_ outcome: Outcome) -> UInt32 { counts[outcome] ?? 0 }

    /// Every count by its outcome's name, as `PushStatus` answers them.
    package var byName: [String: UInt32] {
        Dictionary(uniqueKeysWithValues: Outcome.allCases.map { ($0.rawValue, self[$0]) })
    }
}
